// /profile: the person's dashboard — welcome line, user card with tier and inline name editing.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../components/avatar.tsx';
import { SubmitButton } from '../components/form-parts.tsx';
import { PlusSection } from '../features/billing/plus-section.tsx';
import { SearchBox } from '../features/characters/search-box.tsx';
import { ProfileMemories } from '../features/memories/profile-memories.tsx';
import { ChangePassword } from '../features/profile/change-password.tsx';
import { PushNotifications } from '../features/profile/push-notifications.tsx';
import { UserPersonaCard } from '../features/profile/user-persona-card.tsx';
import { YourData } from '../features/profile/your-data.tsx';
import { CrisisCountry } from '../features/safety/crisis-country.tsx';
import { api } from '../lib/api.ts';
import { handleSubmit } from '../lib/handle-submit.ts';
import { sessionQuery, type TSessionUser, useSignedInUser } from '../lib/session.ts';

export function ProfileRoute() {
  const user = useSignedInUser();
  return (
    <main className="mx-auto max-w-4xl space-y-6 p-4 sm:p-6">
      <header className="flex flex-wrap items-center gap-4">
        <Avatar src={user.image} alt={user.name ?? user.username} size={56} />
        <h1 className="flex-1 text-2xl font-semibold">Welcome, {user.name ?? user.username}</h1>
        <SearchBox className="w-full sm:w-72" />
      </header>
      <UserCard user={user} />
      <UserPersonaCard />
      <PushNotifications />
      <CrisisCountry />
      {user.canChangePassword && <ChangePassword />}
      <YourData />
      <PlusSection />
      <ProfileMemories userId={user.id} />
    </main>
  );
}

function UserCard({ user }: { user: TSessionUser }) {
  const queryClient = useQueryClient();
  const [isEditing, setIsEditing] = useState(false);
  const [draft, setDraft] = useState(user.name ?? '');
  const save = useMutation({
    mutationFn: () =>
      api<{ name: string; username: string }>(`/api/users/update-name/${user.id}`, {
        method: 'PUT',
        json: { name: draft },
      }),
    onSuccess: (data) => {
      queryClient.setQueryData(sessionQuery.queryKey, { ...user, ...data });
      setIsEditing(false);
    },
    onError: () => alert('Failed to update name. Please try again later.'),
  });

  return (
    <section aria-label="User card" className="rounded-2xl bg-panel p-6">
      <div className="flex flex-wrap items-center gap-4">
        <div className="min-w-40 flex-1">
          <p className="text-lg font-medium">{user.username}</p>
          <p className="text-sm text-muted">{user.isSubscribed ? 'Plus Tier' : 'Free Tier'}</p>
        </div>
        <Link to="/edit-profile" className="rounded-lg border border-line px-3 py-1.5 text-sm">
          Edit Profile
        </Link>
        {!isEditing && (
          <button
            type="button"
            onClick={() => {
              setDraft(user.name ?? '');
              setIsEditing(true);
            }}
            className="rounded-lg border border-line px-3 py-1.5 text-sm"
          >
            Edit Name
          </button>
        )}
      </div>
      {isEditing && (
        <form className="mt-4 flex flex-wrap gap-2" onSubmit={handleSubmit(() => save.mutate())}>
          <input
            aria-label="New name"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            className="min-w-0 flex-1 rounded-lg border border-line bg-ink px-3 py-1.5"
          />
          <SubmitButton isPending={save.isPending}>Save</SubmitButton>
          <button
            type="button"
            onClick={() => setIsEditing(false)}
            className="rounded-lg border border-line px-3 py-1.5 text-sm"
          >
            Cancel
          </button>
        </form>
      )}
    </section>
  );
}

// /edit-profile: change display name and profile picture URL, with a live preview.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { Avatar } from '../components/avatar.tsx';
import { LabelledInput } from '../components/form-parts.tsx';
import { api } from '../lib/api.ts';
import { handleSubmit } from '../lib/handle-submit.ts';
import { sessionQuery, useSession } from '../lib/session.ts';

export function EditProfileRoute() {
  const { data: user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [image, setImage] = useState('');

  useEffect(() => {
    if (user) {
      setName(user.name ?? '');
      setImage(user.image ?? '');
    }
  }, [user]);

  const save = useMutation({
    mutationFn: () => {
      if (!user) throw new Error('Sign in to edit your profile');
      return api(`/api/users/${user.id}`, { method: 'PUT', json: { name, image } });
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
      navigate('/profile');
    },
    onError: (error) => toast.error(error.message),
  });

  const onSubmit = handleSubmit(() => {
    save.mutate();
  });

  return (
    <main className="mx-auto flex min-h-full max-w-lg flex-col justify-center p-6">
      <h1 className="mb-6 text-2xl font-semibold">Edit Profile</h1>
      <form onSubmit={onSubmit} className="space-y-5 rounded-2xl bg-panel p-6">
        <div className="flex justify-center">
          <Avatar src={image || null} alt="Profile image preview" size={96} />
        </div>
        <LabelledInput
          label="Display Name"
          value={name}
          onValue={setName}
          className="w-full rounded-lg border border-line bg-ink px-3 py-2"
        />
        <LabelledInput
          label="Profile Image URL"
          value={image}
          onValue={setImage}
          placeholder="https://…"
          className="w-full rounded-lg border border-line bg-ink px-3 py-2"
        />
        <div className="flex gap-3">
          <button
            type="submit"
            disabled={save.isPending}
            className="rounded-lg bg-accent px-4 py-2 font-medium text-white disabled:opacity-60"
          >
            Save
          </button>
          <button
            type="button"
            onClick={() => navigate(-1)}
            className="rounded-lg border border-line px-4 py-2"
          >
            Cancel
          </button>
        </div>
      </form>
    </main>
  );
}

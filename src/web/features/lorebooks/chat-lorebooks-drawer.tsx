// The chat's Lorebooks drawer: the character's own book, and the person's books, each attachable to this
// chat or always on in all their chats, with a way to the editor.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { Drawer, type TDrawerState } from '../../components/drawer.tsx';
import { Switch } from '../../components/switch.tsx';
import {
  characterLorebookQuery,
  chatLorebooksQuery,
  lorebooksQuery,
  setAttached,
  updateLorebook,
} from './lorebooks-api.ts';

export function ChatLorebooksDrawer({
  characterId,
  characterName,
  hist,
  state,
  onClose,
}: {
  characterId: number;
  characterName: string;
  hist: string | null;
  state: TDrawerState;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const isOpen = state !== 'closed';
  const books = useQuery({ ...lorebooksQuery, enabled: isOpen });
  const own = useQuery({ ...characterLorebookQuery(characterId), enabled: isOpen, retry: false });
  const attached = useQuery({ ...chatLorebooksQuery(hist ?? ''), enabled: isOpen && hist !== null });

  const attach = useMutation({
    mutationFn: ({ id, isOn }: { id: number; isOn: boolean }) => setAttached(hist!, id, isOn),
    onSuccess: (ids) => queryClient.setQueryData(chatLorebooksQuery(hist!).queryKey, ids),
    onError: (e) => toast.error(e.message),
  });
  const alwaysOn = useMutation({
    mutationFn: ({ id, isOn }: { id: number; isOn: boolean }) => updateLorebook(id, { alwaysOn: isOn }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['lorebooks'] }),
    onError: (e) => toast.error(e.message),
  });

  const personBooks = (books.data ?? []).filter((b) => b.canEdit && b.characterId === null);
  const attachedIds = new Set(attached.data ?? []);

  return (
    <Drawer title="Lorebooks" state={state} onClose={onClose}>
      <section aria-labelledby="own-book" className="mb-5 space-y-2">
        <h3 id="own-book" className="text-sm font-semibold text-muted">
          {characterName}'s own lorebook
        </h3>
        {own.data ? (
          <Link
            to={`/character/${characterId}/lorebook`}
            className="block rounded-xl border border-line px-3 py-2 hover:bg-panel-2"
          >
            {own.data.name}{' '}
            <span className="text-xs text-muted">
              ({own.data.entryCount === 1 ? '1 entry' : `${own.data.entryCount} entries`})
            </span>
          </Link>
        ) : (
          <Link to={`/character/${characterId}/lorebook`} className="text-sm text-accent-2 hover:underline">
            {own.isLoading ? 'Loading...' : 'None yet'}
          </Link>
        )}
      </section>
      <section aria-labelledby="your-books" className="space-y-2">
        <h3 id="your-books" className="text-sm font-semibold text-muted">
          Your lorebooks
        </h3>
        {hist === null && (
          <p className="text-xs text-muted">Send a message first to attach a lorebook to this chat.</p>
        )}
        {personBooks.length === 0 && !books.isLoading && (
          <p className="text-sm text-muted">No lorebooks yet.</p>
        )}
        <ul className="space-y-2">
          {personBooks.map((book) => (
            <li key={book.id} className="space-y-1 rounded-xl border border-line p-2">
              <Link
                to={`/lorebooks/${book.id}`}
                className="block px-2 font-medium break-words hover:underline"
              >
                {book.name}
              </Link>
              <Switch
                label={`Attach ${book.name} to this chat`}
                isOn={attachedIds.has(book.id)}
                isDisabled={hist === null || attach.isPending}
                onChange={(isOn) => attach.mutate({ id: book.id, isOn })}
                className="w-full justify-between"
              >
                <span>In this chat</span>
              </Switch>
              <Switch
                label={`Always on: ${book.name}`}
                isOn={book.alwaysOn}
                isDisabled={alwaysOn.isPending}
                onChange={(isOn) => alwaysOn.mutate({ id: book.id, isOn })}
                className="w-full justify-between"
              >
                <span>Always on</span>
              </Switch>
            </li>
          ))}
        </ul>
        <Link
          to="/lorebooks"
          className="mt-2 block rounded-xl border border-line px-3 py-2 text-center text-sm hover:bg-panel-2"
        >
          Manage lorebooks
        </Link>
      </section>
    </Drawer>
  );
}

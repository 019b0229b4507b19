// History's own calls: name a chat, delete one (optionally forgetting the memories made from it).
import type { TChatLog } from '../../../shared/chat.ts';
import { api } from '../../lib/api.ts';

export const renameChat = (uuid: string, title: string) =>
  api<TChatLog>(`/api/chatlogs/${uuid}`, { method: 'PUT', json: { title } });

export const deleteChat = (uuid: string, forget: boolean) =>
  api<{ deleted: true; memoriesForgotten: number }>(`/api/chatlogs/${uuid}${forget ? '?forget=true' : ''}`, {
    method: 'DELETE',
  });

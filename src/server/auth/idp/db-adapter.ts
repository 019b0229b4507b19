// oidc-provider storage in our database, so sign-in survives restarts and works across instances.
import type { TDb } from '../../db/client.ts';
import {
  deleteIdpPayload,
  deleteIdpPayloadsByGrant,
  findIdpPayload,
  findIdpPayloadByUid,
  findIdpPayloadByUserCode,
  type TIdpPayload,
  upsertIdpPayload,
} from '../../db/queries/idp.ts';

export function createIdpAdapterClass(db: TDb) {
  return class IdpDbAdapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: TIdpPayload, expiresIn?: number) {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      await upsertIdpPayload(db, this.model, id, payload, expiresAt);
    }

    find(id: string) {
      return findIdpPayload(db, this.model, id);
    }

    findByUid(uid: string) {
      return findIdpPayloadByUid(db, this.model, uid);
    }

    findByUserCode(userCode: string) {
      return findIdpPayloadByUserCode(db, this.model, userCode);
    }

    async consume(id: string) {
      const payload = await findIdpPayload(db, this.model, id);
      if (!payload) return;
      const exp = typeof payload.exp === 'number' ? new Date(payload.exp * 1000) : null;
      await upsertIdpPayload(
        db,
        this.model,
        id,
        { ...payload, consumed: Math.floor(Date.now() / 1000) },
        exp,
      );
    }

    destroy(id: string) {
      return deleteIdpPayload(db, this.model, id);
    }

    revokeByGrantId(grantId: string) {
      return deleteIdpPayloadsByGrant(db, grantId);
    }
  };
}

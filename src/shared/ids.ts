// A row's id in a path, query or body: a positive 32-bit integer (a serial column), digits accepted.
import { z } from 'zod';

export const ZRowId = z.coerce.number().int().positive().max(2_147_483_647);

// Date of birth: asked at sign-up (bundled provider) or once after a first Google sign-in (issue 23).
import { z } from 'zod';
import { ageOn } from './safety.ts';

/** A real calendar date, YYYY-MM-DD, not in the future and not more than 120 years ago. */
export const ZBirthDate = z
  .string('Enter your date of birth')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter your date of birth')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'Enter a real date')
  .refine((v) => ageOn(v) >= 0 && ageOn(v) <= 120, 'Enter your real date of birth');

export const ZSetBirthDate = z.object({ birthDate: ZBirthDate });

/** What a person too young for this Kindred is told (no account is made or kept). */
export const tooYoungMessage = (minAge: number) => `Kindred is for people aged ${minAge} and over.`;

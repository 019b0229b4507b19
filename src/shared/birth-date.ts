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

/** The screen a person who signed in with no date of birth (Google) sees once, before anything else. */
export const BIRTH_DATE_TITLE = 'What is your date of birth?';
export const BIRTH_DATE_TEXT =
  'Kindred asks everyone once. People under 18 get a version of Kindred made for them: no sexual content, a reminder to take a break every three hours, and no characters marked 18+.';
export const BIRTH_DATE_NEEDED_MESSAGE = 'Tell us your date of birth before you chat.';

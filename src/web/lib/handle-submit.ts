// A form's onSubmit: the page stays (no browser submit), and `run` does what the form is for.
import type { FormEvent } from 'react';

export const handleSubmit = (run: () => void) => (e: FormEvent) => {
  e.preventDefault();
  run();
};

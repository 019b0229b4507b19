// Quoted speech in role-play text ("..." or “...”), set apart on screen.
export const SPEECH = /"[^"\n]+"|“[^”\n]+”/g;

// Screen under construction in this session (replaced by its issue's work before landing).
export function CreateCharacterRoute() {
  return <main className="p-8">Loading...</main>;
}

// The eight people of the conversation quality set: what each of them tells their companion over months
// (the data in people.json).
import people from './people.json' with { type: 'json' };

export type TPerson = {
  name: string;
  pet: { species: string; name: string; nick: string; her: 'her' | 'his' };
  sibling: { rel: 'sister' | 'brother'; name: string; city: string };
  hometown: string;
  firstCity: string;
  newCity: string;
  job: { title: string; place: string };
  newJob: { title: string; place: string };
  partner: { name: string; rel: 'boyfriend' | 'girlfriend' | 'partner' };
  friend: { name: string; wedding: string };
  appointment: { what: string; synonym: string; when: string };
  trip: { place: string; month: string };
  hatedFood: string;
  comfortFood: string;
  allergy: string;
  instrument: string;
  sport: string;
  book: string;
  car: string;
  birthday: { rel: string; date: string };
  niece: { name: string; age: string };
  injury: { part: string; how: string; when: string };
};

export const PEOPLE = people as TPerson[];

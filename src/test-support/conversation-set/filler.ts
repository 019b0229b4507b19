// Everyday chat between the facts: moods, weather, food, work and home, with the words facts use too.
import type { TRng } from './rng.ts';

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const MOODS = ['tired', 'restless', 'weirdly happy', 'a bit flat', 'wired', 'calm', 'grumpy', 'hopeful'];
const WEATHER = ['pouring with rain', 'freezing', 'sunny for once', 'so windy', 'grey and muggy', 'foggy'];
const SHOWS = [
  'a cooking competition',
  'a true crime documentary',
  'an old sitcom',
  'a nature series',
  'a Korean drama',
];
const CHORES = ['the laundry', 'the dishes', 'my tax return', 'the bathroom', 'the fridge', 'my emails'];
const SNACKS = [
  'toast',
  'a whole bag of crisps',
  'leftover pizza',
  'a bowl of cereal',
  'a sad salad',
  'instant noodles',
];
const PLACES = [
  'the supermarket',
  'the park',
  'the library',
  'the post office',
  'the gym',
  'a café near the station',
];
const PEOPLE = [
  'my neighbour',
  'a colleague',
  'the woman at the bakery',
  'an old school friend',
  'my landlord',
  'the postman',
];

const TEMPLATES: (string | ((r: TRng) => string))[] = [
  (r) => `Feeling ${r.pick(MOODS)} today, not sure why`,
  (r) => `It's ${r.pick(WEATHER)} here again`,
  (r) => `I watched ${r.pick(SHOWS)} until way too late last night`,
  (r) => `Finally did ${r.pick(CHORES)}, I feel like a functioning adult`,
  (r) => `Dinner was ${r.pick(SNACKS)}, don't judge me`,
  (r) => `Bumped into ${r.pick(PEOPLE)} at ${r.pick(PLACES)} and we talked for ages`,
  (r) => `${r.pick(DAYS)} always drags for some reason`,
  (r) => `I can't believe it's ${r.pick(DAYS)} already`,
  `Work was long today, I just want to sleep`,
  `Do you ever just stare at the ceiling for an hour? Asking for a friend`,
  `The dog next door barked all night and I got maybe four hours of sleep`,
  `I keep thinking about going somewhere warm for a holiday`,
  `My phone screen cracked, of course it did`,
  `I tried a new recipe and it was a disaster, the smoke alarm went off`,
  (r) => `Someone at ${r.pick(PLACES)} was playing music really loudly`,
  `I've been sleeping badly all week`,
  `I went for a long walk to clear my head, it helped a bit`,
  `Honestly I just needed to talk to someone tonight`,
  `Thanks for listening yesterday, it meant a lot`,
  `What would you do if you had a whole free day?`,
  (r) =>
    `I had a weird dream about ${r.pick(['flying', 'my old school', 'being late for a train', 'the sea'])}`,
  `My landlord still hasn't fixed the heating`,
  (r) =>
    `I spent way too much money on ${r.pick(['plants', 'books', 'coffee', 'takeaways', 'shoes'])} this month`,
  `Training at work is so boring, three hours of slides`,
  `My friend cancelled on me again, I'm starting to take it personally`,
  `I made a playlist for rainy days, it's mostly sad songs`,
  (r) => `Is it normal to be this tired on a ${r.pick(DAYS)}?`,
  `The trains were delayed again, I was standing for forty minutes`,
  `I've been trying to drink more water, it's going badly`,
  `My family group chat is chaos this week`,
  `I should really call my parents more`,
  `I started a puzzle, a thousand pieces, all sky`,
  `Someone left a lovely note on my desk today`,
  `I'm so behind on messages, I keep ignoring everyone`,
  (r) => `Coffee number ${r.pick(['three', 'four', 'five'])} today. It's fine. I'm fine`,
  `Do you think it's silly to talk to plants? Mine seem happier`,
  `The cat from downstairs wandered into the hallway again`,
  `I got a parking ticket, which is just perfect`,
  `I'm thinking of taking up running again, or at least buying the shoes`,
  `I cleaned out my wardrobe and found clothes from ten years ago`,
  `Tell me something nice, it's been one of those days`,
  `I laughed so hard at a video of a goat today`,
  `My back hurts from sitting at the desk all day`,
  `I've got a cold coming on, my throat is scratchy`,
  `A birthday card I sent last month came back, wrong address`,
  `I booked a haircut, first one in months`,
  `The heating bill arrived and I nearly fainted`,
  `I keep meaning to learn to cook properly`,
  (r) => `Went to ${r.pick(PLACES)} and forgot what I went for`,
  `Rough meeting at work, my manager was in a mood`,
  `I'm trying to read more before bed instead of scrolling`,
  `Sundays feel a bit lonely sometimes`,
  `I found an old photo album at my parents' place`,
  `Do you remember what we talked about last time? I've lost track`,
  `I'm proud of myself for getting up early today`,
  `The weekend went by way too fast`,
  `There's a new bakery on the corner and it's dangerous`,
  (r) =>
    `I've been listening to ${r.pick(['jazz', 'old soul records', 'podcasts about history', 'film soundtracks'])} nonstop`,
  (r) => `Had a long chat with ${r.pick(PEOPLE)} about nothing in particular`,
  `I might redecorate the living room, it feels dull`,
  `I need a holiday from my holiday plans`,
  `My hands are freezing, the office is like a fridge`,
];

/** `count` different everyday turns for one conversation. */
export function fillerTurns(rng: TRng, count: number): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (let guard = 0; out.length < count && guard < count * 50; guard++) {
    const template = rng.pick(TEMPLATES);
    const text = typeof template === 'string' ? template : template(rng);
    if (seen.has(text)) continue;
    seen.add(text);
    out.push(text);
  }
  return out;
}

const REPLIES = [
  'That sounds like a lot. How are you holding up?',
  'I love hearing about this, tell me more!',
  'Oh no! I hope tomorrow is kinder to you.',
  'Ha, that made me smile.',
  'You deserve a rest after that.',
  'I’m always here when you want to talk.',
  'That’s wonderful news!',
  'Hmm, what do you think you’ll do?',
  'I’ll remember that.',
  'That sounds really hard. I’m sorry.',
];

export const replyFor = (rng: TRng) => rng.pick(REPLIES);

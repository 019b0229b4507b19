// What each person tells their companion (several ways of saying each thing) and what is asked later.
import type { TPerson } from './people.ts';
import type { TRng } from './rng.ts';

export type TQuestionType = 'single' | 'multi' | 'when' | 'changed';
/** A turn that tells something, placed in one of the conversation's sessions (0-7). */
export type TFactTurn = { key: string; session: number; text: string };
/** Evidence is a list of fact keys: 'single', 'when' and 'changed' need any one of them, 'multi' all. */
export type TQuestionSpec = { text: string; type: TQuestionType; evidence: string[] };

export function factsOf(p: TPerson, rng: TRng): { turns: TFactTurn[]; questions: TQuestionSpec[] } {
  const turns: TFactTurn[] = [];
  const questions: TQuestionSpec[] = [];
  const say = (key: string, session: number, options: string[]) =>
    turns.push({ key, session, text: rng.pick(options) });
  const ask = (type: TQuestionType, evidence: string[], ...texts: string[]) => {
    for (const text of texts) questions.push({ text, type, evidence });
  };
  const sib = p.sibling;
  const they = p.pet.her === 'her' ? 'she' : 'he';

  say('pet', 0, [
    `We adopted a ${p.pet.species} from the rescue centre on Saturday! We've called ${p.pet.her === 'her' ? 'her' : 'him'} ${p.pet.name}`,
    `Guess what, I finally got a ${p.pet.species}. ${p.pet.name} came home with me yesterday and ${they} is already ruling the flat`,
    `Meet the newest member of the household: a ${p.pet.species} called ${p.pet.name}`,
  ]);
  say('pet-mention', 2, [
    `${p.pet.name} was sick on the rug this morning, so that was a fun start to the day`,
    `Had to take ${p.pet.name} to the vet for a check-up, ${they}'s absolutely fine, just dramatic`,
  ]);
  ask(
    'single',
    ['pet', 'pet-mention'],
    `What's the name of my ${p.pet.species}?`,
    'What did I call the animal I adopted?',
  );
  say('pet-nick', 5, [
    `Nobody calls ${p.pet.name} by ${p.pet.her} real name any more, ${they}'s just ${p.pet.nick} now`,
    `We've started calling ${p.pet.name} "${p.pet.nick}" instead and honestly it suits ${p.pet.her === 'her' ? 'her' : 'him'} better`,
  ]);
  ask('changed', ['pet-nick'], `What do we call my ${p.pet.species} these days?`);

  say('sibling', 0, [
    `My ${sib.rel} ${sib.name} lives out in ${sib.city}, so we mostly talk on video calls`,
    `${sib.name}, my ${sib.rel}, rang me from ${sib.city} last night. The time difference is brutal`,
  ]);
  ask('single', ['sibling'], `Which city does my ${sib.rel} live in?`, `What's my ${sib.rel}'s name?`);

  say('hometown', 1, [
    `I grew up in ${p.hometown}, it's nothing like here`,
    `Back home in ${p.hometown} everyone knew everyone's business`,
  ]);
  ask('single', ['hometown'], 'Where did I grow up?', 'Where am I originally from?');
  say('first-city', 0, [
    `I've been living in ${p.firstCity} for about six years now`,
    `Six years in ${p.firstCity} and I still get lost on the trams`,
  ]);
  say('new-city', 6, [
    `The boxes are unpacked, I'm officially living in ${p.newCity} now`,
    `We did it, we moved to ${p.newCity}! The new flat is tiny but the light is amazing`,
  ]);
  ask('changed', ['new-city'], 'Where do I live now?', 'Which city did I end up moving to?');
  ask('multi', ['hometown', 'first-city', 'new-city'], 'Which places have I lived in over the years?');

  say('job', 1, [
    `I work as a ${p.job.title} at ${p.job.place}`,
    `Long shift today. Being a ${p.job.title} at ${p.job.place} is not as glamorous as it sounds`,
  ]);
  ask('single', ['job'], 'What did I do for a living when we first met?');
  say('new-job', 5, [
    `I handed in my notice! I'm starting as a ${p.newJob.title} at ${p.newJob.place} next month`,
    `I got the offer: ${p.newJob.title} at ${p.newJob.place}. I said yes on the spot`,
  ]);
  ask('changed', ['new-job'], 'What is my job now?', 'Where am I working these days?');
  ask('multi', ['job', 'new-job'], 'What jobs have I had since we started talking?');

  say('partner', 1, [
    `My ${p.partner.rel} ${p.partner.name} cooked me dinner tonight, I think I'll keep ${p.partner.rel === 'girlfriend' ? 'her' : 'him'}`,
    `${p.partner.name} and I have been together almost two years now`,
  ]);
  ask('single', ['partner'], 'Who was I seeing when we first started chatting?');
  say('breakup', 4, [
    `${p.partner.name} and I broke up last night. It's really over this time`,
    `I ended things with ${p.partner.name}. We want completely different lives`,
  ]);
  ask('changed', ['breakup'], `Am I still with ${p.partner.name}?`, 'Am I in a relationship at the moment?');

  say('wedding', 2, [
    `My friend ${p.friend.name} is getting married on ${p.friend.wedding} and I'm in the wedding party`,
    `${p.friend.name} finally set a date for the wedding: ${p.friend.wedding}`,
  ]);
  ask('when', ['wedding'], `When is ${p.friend.name}'s wedding?`);
  ask('single', ['wedding'], 'Which of my friends is getting married?');

  say('appointment', 3, [
    `I have my ${p.appointment.what} ${p.appointment.when} and I'm already nervous`,
    `Booked: ${p.appointment.what}, ${p.appointment.when}. Wish me luck`,
  ]);
  ask('when', ['appointment'], `When is my ${p.appointment.synonym}?`);
  say('trip', 2, [
    `We're planning a trip to ${p.trip.place} in ${p.trip.month}, I've been looking at flights all evening`,
    `I want to go to ${p.trip.place} in ${p.trip.month}, it's been on my list forever`,
  ]);
  ask('when', ['trip'], `When was I hoping to visit ${p.trip.place}?`);
  say('trip-off', 6, [
    `The ${p.trip.place} trip is off. Money's too tight after the move`,
    `We cancelled ${p.trip.place}. I'm gutted but it wasn't going to work this year`,
  ]);
  ask('changed', ['trip-off'], `Am I still going to ${p.trip.place}?`);

  say('birthday', 3, [
    `It's my ${p.birthday.rel}'s birthday on ${p.birthday.date}, I have no idea what to get`,
    `Need to remember: ${p.birthday.rel}'s birthday, ${p.birthday.date}`,
  ]);
  ask('when', ['birthday'], `When does my ${p.birthday.rel} celebrate turning a year older?`);
  say('injury', 4, [
    `I hurt my ${p.injury.part} ${p.injury.when}, ${p.injury.how}`,
    `My ${p.injury.part} is killing me. I ${p.injury.how} ${p.injury.when}`,
  ]);
  ask('when', ['injury'], `When did I injure my ${p.injury.part}?`);
  ask('single', ['injury'], `How did I hurt myself?`);

  say('hated-food', 1, [
    `I can't stand ${p.hatedFood}, never have`,
    `Someone put ${p.hatedFood} in my lunch and I nearly cried`,
  ]);
  ask('single', ['hated-food'], 'Which food do I dislike?');
  say('comfort-food', 3, [
    `When I'm feeling low nothing beats ${p.comfortFood}`,
    `Made ${p.comfortFood} tonight. Instant comfort`,
  ]);
  ask('single', ['comfort-food'], 'What do I eat when I need cheering up?');
  say('allergy', 2, [
    `I'm allergic to ${p.allergy}, found that out the hard way`,
    `Quick reminder to myself: ${p.allergy} and I do not get along. Allergies are the worst`,
  ]);
  ask('single', ['allergy'], 'What gives me an allergic reaction?', 'Is there anything I react badly to?');
  say('instrument', 4, [
    `I've started learning the ${p.instrument}. My neighbours are being very patient`,
    `Practised the ${p.instrument} for an hour, my fingers hurt`,
  ]);
  ask('single', ['instrument'], 'Which instrument am I learning?');
  say('sport', 1, [
    `I play ${p.sport} most Sundays, it keeps me sane`,
    `Sunday ${p.sport} was brilliant today, we actually won`,
  ]);
  ask('single', ['sport'], 'What do I do for exercise at the weekend?');
  say('book', 5, [
    `I'm rereading ${p.book}. It's still my favourite book`,
    `If I could only keep one book it would be ${p.book}`,
  ]);
  ask('single', ['book'], 'What is my favourite novel?');
  say('car', 3, [
    `My car, ${p.car}, broke down again on the way home`,
    `I get around in ${p.car}, it's not pretty but it works`,
  ]);
  ask('single', ['car'], 'How do I get around?');
  say('niece', 6, [
    `My niece ${p.niece.name} just turned ${p.niece.age}! How is that possible`,
    `Went to ${p.niece.name}'s party, she's ${p.niece.age} now and very bossy`,
  ]);
  ask('single', ['niece'], 'How old is my niece?', "What's my niece called?");
  ask('multi', ['sibling', 'niece', 'birthday'], 'Which family members have I mentioned to you?');
  ask(
    'multi',
    ['appointment', 'wedding'],
    'What dates do I have coming up that I was worried or excited about?',
  );
  ask('multi', ['pet', 'pet-nick'], `What names has my ${p.pet.species} gone by?`);
  return { turns, questions };
}

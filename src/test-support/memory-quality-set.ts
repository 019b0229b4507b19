// The retrieval quality set: memories a person told a character, each with a later question that asks
// about it in other words, and distractor memories of the same person. Written for the quality test.

export const MEMORY_QUESTION_PAIRS: { memory: string; question: string }[] = [
  {
    memory: 'My golden retriever Biscuit turns five next Saturday',
    question: 'How old is my dog going to be on his birthday?',
  },
  {
    memory: 'I have a job interview at the bakery on Friday morning',
    question: 'Do you remember when I meet the employer about that position?',
  },
  { memory: 'My sister Maya is moving to Lisbon next month', question: 'Where is my sibling relocating to?' },
  { memory: 'I am allergic to peanuts and have to carry an epipen', question: 'Which food makes me sick?' },
  {
    memory: 'My grandmother passed away last winter and I still miss her',
    question: 'Who in my family died recently?',
  },
  { memory: 'I am training for the Berlin marathon in September', question: 'What race am I preparing for?' },
  {
    memory: 'My favourite band is Radiohead, I have seen them live three times',
    question: 'Which musicians do I love most?',
  },
  {
    memory: 'I failed my driving test yesterday because of the parallel parking',
    question: 'How did my attempt at getting a licence go?',
  },
  { memory: 'My cat Miso hates the vacuum cleaner', question: 'What scares my kitten at home?' },
  { memory: 'I work as a night nurse at the children’s hospital', question: 'What is my profession?' },
  {
    memory: 'I am learning Japanese so I can visit Kyoto next spring',
    question: 'Which language am I studying for my trip?',
  },
  {
    memory: 'My best friend Tom is getting married in June',
    question: 'Whose wedding is coming up this summer?',
  },
  { memory: 'I broke my left wrist skateboarding two weeks ago', question: 'How did I hurt my arm?' },
  {
    memory: 'I have been feeling anxious about money since I lost my job',
    question: 'Why have I been so stressed about finances?',
  },
  { memory: 'I hate coriander, it tastes like soap to me', question: 'Which herb can I not stand?' },
  {
    memory: 'My daughter Lily starts primary school in September',
    question: 'When does my little girl begin her education?',
  },
  { memory: 'I am vegetarian and have not eaten meat for ten years', question: 'What is my diet like?' },
  {
    memory: 'My dad is having heart surgery on Tuesday',
    question: 'What operation is my father going through?',
  },
  {
    memory: 'I play the cello in a community orchestra on Thursdays',
    question: 'What instrument do I perform with in the ensemble?',
  },
  {
    memory: 'I just bought my first house, a small cottage near the coast',
    question: 'Did I ever tell you about the property I purchased?',
  },
  {
    memory: 'My exam in organic chemistry is on Monday and I am terrified',
    question: 'Which test am I worried about next week?',
  },
  { memory: 'I grew up on a sheep farm in Wales', question: 'Where did I spend my childhood?' },
  {
    memory: 'My partner Sam and I are celebrating our tenth anniversary',
    question: 'How long have my significant other and I been together?',
  },
  {
    memory: 'I can’t sleep well because my neighbours party every night',
    question: 'Why am I so tired lately?',
  },
  {
    memory: 'I am writing a fantasy novel about a dragon librarian',
    question: 'What is the story of the book I am working on?',
  },
  {
    memory: 'My brother Leo is serving in the navy overseas',
    question: 'Where is my brother stationed with the military?',
  },
  {
    memory: 'I love hiking in the Scottish Highlands every autumn',
    question: 'Where do I go walking in the mountains each year?',
  },
  { memory: 'I am scared of spiders, even small ones', question: 'Which creatures frighten me?' },
  { memory: 'My favourite food is my mum’s lasagne', question: 'What dish do I like to eat most?' },
  {
    memory: 'I was promoted to team lead at the software company',
    question: 'What happened with my career at work recently?',
  },
  { memory: 'My son Oliver has autism and loves trains', question: 'What is my boy fascinated by?' },
  {
    memory: 'I am saving up to travel around South America next year',
    question: 'Which continent am I planning to explore?',
  },
  { memory: 'I quit smoking three months ago', question: 'What bad habit did I give up?' },
  { memory: 'My parrot Kiwi can say hello in three languages', question: 'What can my bird talk like?' },
  {
    memory: 'I have a therapy appointment every Wednesday for my depression',
    question: 'When do I see my counsellor?',
  },
  { memory: 'I am a huge fan of Liverpool football club', question: 'Which team do I support in soccer?' },
  { memory: 'My wedding dress was my grandmother’s', question: 'Whose gown did I wear when I got married?' },
  { memory: 'I am colour blind and cannot tell red from green', question: 'What is wrong with my eyesight?' },
  { memory: 'I moved to Toronto from Lagos five years ago', question: 'Which country did I emigrate from?' },
  {
    memory: 'My goal this year is to read fifty books',
    question: 'What reading challenge did I set myself?',
  },
  {
    memory: 'I have a twin sister named Ella who lives in Australia',
    question: 'Tell me again about my twin?',
  },
  {
    memory: 'I am building a treehouse for my kids this summer',
    question: 'What am I constructing in the garden for the children?',
  },
  {
    memory: 'My car broke down on the motorway and it cost a fortune to fix',
    question: 'What happened with my vehicle?',
  },
  {
    memory: 'I volunteer at the animal shelter every Sunday',
    question: 'Where do I help out at the weekend?',
  },
  { memory: 'I get migraines when I stare at screens too long', question: 'What gives me bad headaches?' },
  { memory: 'My first language is Portuguese', question: 'What is my mother tongue?' },
  {
    memory: 'I am nervous about my first solo art exhibition next week',
    question: 'What show of my paintings is coming up?',
  },
  {
    memory: 'My favourite season is autumn because of the colours',
    question: 'Which time of year do I enjoy the most?',
  },
  {
    memory: 'I lost my wedding ring at the beach last weekend',
    question: 'What piece of jewellery went missing?',
  },
  { memory: 'I am pregnant with our second child, due in March', question: 'When is the baby expected?' },
  {
    memory: 'I collect vintage vinyl records from the seventies',
    question: 'What is my hobby of collecting?',
  },
  { memory: 'My manager keeps taking credit for my work', question: 'What is the problem with my boss?' },
  {
    memory: 'I am going to Iceland in February to see the northern lights',
    question: 'Where am I travelling to see the aurora?',
  },
  {
    memory: 'My horse Thunder won a ribbon at the county show',
    question: 'How did my pony do at the competition?',
  },
  {
    memory: 'I only drink decaf because caffeine makes my heart race',
    question: 'Why do I avoid regular coffee?',
  },
  {
    memory: 'My uncle taught me to fish when I was seven',
    question: 'Who showed me how to catch fish as a child?',
  },
  { memory: 'I am studying to become a veterinarian', question: 'What career am I at university for?' },
  {
    memory: 'I have been learning to bake sourdough bread during lockdown',
    question: 'What did I start making in the kitchen during the pandemic?',
  },
  { memory: 'My mother is turning seventy on the twelfth of May', question: 'When is mum’s big birthday?' },
  { memory: 'I am afraid of flying and take the train everywhere', question: 'Why do I avoid aeroplanes?' },
  { memory: 'My neighbour’s dog bit me on the leg last summer', question: 'Which animal attacked me?' },
  {
    memory: 'I meditate for twenty minutes every morning',
    question: 'What do I do to calm my mind at the start of the day?',
  },
];

const people = [
  'my cousin',
  'my colleague',
  'my friend Priya',
  'my aunt',
  'my landlord',
  'my old teacher',
  'my flatmate',
  'my boss’s wife',
];
const activities = [
  'went to the cinema',
  'painted the fence',
  'cooked a curry',
  'visited the museum',
  'cleaned the garage',
  'watched a documentary',
  'played board games',
  'went to the farmers market',
  'fixed the leaking tap',
  'rearranged the living room',
  'tried a new café',
  'walked along the canal',
  'did a jigsaw puzzle',
  'planted tomatoes',
  'went bowling',
  'sorted the recycling',
  'baked muffins',
  'watched the rugby',
  'visited the garden centre',
  'went to a pub quiz',
  'repainted the bathroom',
  'had a picnic in the park',
  'went ice skating',
  'organised the bookshelf',
  'played tennis',
];
const times = [
  'on Monday',
  'last weekend',
  'yesterday evening',
  'this morning',
  'a few days ago',
  'on my day off',
  'after work',
  'before lunch',
];

/** 200 ordinary memories of the same person (every person × activity once) that answer none of the questions. */
export const DISTRACTOR_MEMORIES: string[] = people.flatMap((who, p) =>
  activities.map((what, a) => `I ${what} with ${who} ${times[(p + a) % times.length]}`),
);

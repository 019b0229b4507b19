// The detector's phrase arm: what people say when they think of ending their life, hurting themselves or
// hurting someone else, and the figures of speech, negations and other contexts that look like it and are not.
// Works on normaliseText's plain form (lower case, contractions spelt out, clauses split by " . ").

export type TCrisisKind = 'suicide' | 'self-harm' | 'harm-others';

type TPhrase = { kind: TCrisisKind; pattern: RegExp };

const SELF = '(?:myself|my self)';
const LIFE_VERB = '(?:end|ending|ended|take|taking|took)';

const PHRASES: TPhrase[] = [
  // Suicidal ideation, said outright.
  { kind: 'suicide', pattern: /\bsuicid(?:e|al)\b/ },
  {
    kind: 'suicide',
    pattern: new RegExp(
      `\\b(?:kill|killing|killed|off|offing|hang|hanging|hanged|shoot|shooting|drown|drowning|poison|poisoning)\\s+${SELF}\\b`,
    ),
  },
  { kind: 'suicide', pattern: new RegExp(`\\b${LIFE_VERB}\\s+(?:my|my own)\\s+life\\b`) },
  {
    kind: 'suicide',
    pattern:
      /\b(?:end|ending)\s+(?:it|it all|everything|things|my suffering|my pain)\b(?!\s+(?:with|on|early|here|now so|there))/,
  },
  {
    kind: 'suicide',
    pattern:
      /\b(?:want|wants|wanted|wish|going|ready|like|hope|try|trying|deserve)\s+to\s+(?:die|be dead|not exist|stop existing)\b/,
  },
  { kind: 'suicide', pattern: /\bfeel(?:ing)?\s+like\s+(?:dying|i should die|killing)\b/ },
  {
    kind: 'suicide',
    pattern:
      /\bwish\s+i\s+(?:was|were|am)\s+(?:dead|gone|never born)\b|\bwish\s+i\s+(?:had|would have)\s+never\s+been\s+born\b/,
  },
  { kind: 'suicide', pattern: /\b(?:might|may)\s+as\s+well\s+be\s+dead\b|\bbetter\s+off\s+dead\b/ },
  {
    kind: 'suicide',
    pattern:
      /\b(?:better|happier|relieved|easier)\b.{0,25}\b(?:without me|if i (?:died|was dead|were dead|was gone|were gone|disappeared|did not exist|was not here|were not here|just disappeared))\b/,
  },
  {
    kind: 'suicide',
    pattern:
      /\b(?:no one|nobody|noone)\s+would\s+(?:even\s+)?(?:miss|notice|care)\b.{0,30}\b(?:if i|when i|i was gone|i died)\b/,
  },
  {
    kind: 'suicide',
    pattern:
      /\b(?:no|any|what is the|whats the|what the)\s+(?:reason|point)\s+(?:to|in|of|for)\s+(?:live|living|being alive|life|going on|me being here)\b/,
  },
  {
    kind: 'suicide',
    pattern:
      /\b(?:life|living)\s+(?:is|is just)\s+not\s+worth\b|\bnot\s+worth\s+living\b|\bnothing\s+(?:left\s+)?to\s+live\s+for\b/,
  },
  {
    kind: 'suicide',
    pattern:
      /\b(?:do not|never|no longer)\s+want\s+to\s+(?:live|be alive|exist|be here|go on|wake up)\b(?!\s+(?:early|at|before|in|on|without|with|like|so|there|here))/,
  },
  {
    kind: 'suicide',
    pattern: /\b(?:never|not)\s+wake\s+up\b(?!\s+(?:early|at|before|in time|late|on time))/,
  },
  {
    kind: 'suicide',
    pattern:
      /\b(?:tired|sick)\s+of\s+(?:living|being alive|life|existing)\b|\bdone\s+with\s+(?:life|living|everything|it all)\b/,
  },
  { kind: 'suicide', pattern: /\bcannot\s+go\s+on\b|\bmy\s+life\s+is\s+over\b|\bthe\s+only\s+way\s+out\b/ },
  {
    kind: 'suicide',
    pattern:
      /\b(?:stop|to stop)\s+existing\b|\bdisappear(?:ed)?\s+(?:forever|for good)\b|\bnot\s+(?:be\s+)?(?:here|around|alive)\s+(?:anymore|much longer|for long|tomorrow)\b/,
  },
  {
    kind: 'suicide',
    pattern: /\b(?:think|thinking|thought)\s+about\s+(?:dying|death|not being here|being dead)\b/,
  },
  { kind: 'suicide', pattern: /\bthe\s+pain\s+will\s+stop\s+(?:if|when)\s+i\b|\bif\s+i\s+am\s+gone\b/ },
  // Plans, means and goodbyes.
  {
    kind: 'suicide',
    pattern:
      /\boverdos(?:e|ing)\b|\b(?:took|take|taking|swallow|swallowed)\s+(?:all|every one of|the whole bottle of|a bottle of)\s+(?:my\s+|the\s+)?(?:pills|tablets|meds|medication)\b/,
  },
  {
    kind: 'suicide',
    pattern:
      /\b(?:pills|tablets)\s+saved\b|\bsaved\s+up\s+(?:my\s+|the\s+)?(?:pills|tablets)\b|\bstockpil\w*\b/,
  },
  {
    kind: 'suicide',
    pattern:
      /\b(?:jump|jumping|throw myself)\s+(?:off|from|in front of)\b|\bedge\s+of\s+the\s+(?:bridge|roof|building|cliff|platform)\b/,
  },
  {
    kind: 'suicide',
    pattern: /\b(?:rope|noose)\b.{0,40}\b(?:for when|to do it|ready|closet|finally)\b|\bhang\s+myself\b/,
  },
  {
    kind: 'suicide',
    pattern:
      /\b(?:goodbye|suicide)\s+(?:notes?|letters?)\b|\bsaid\s+goodbye\b.{0,40}\b(?:not be here|last time|because i)\b/,
  },
  {
    kind: 'suicide',
    pattern:
      /\bgave\s+away\s+(?:all\s+)?my\s+(?:things|stuff|belongings)\b|\bwill\s+not\s+need\s+(?:them|it|anything)\s+anymore\b/,
  },
  {
    kind: 'suicide',
    pattern: /\b(?:drive|driving|crash|crashing)\s+(?:my\s+car\s+)?(?:into|off)\b.{0,30}\bon\s+purpose\b/,
  },
  {
    kind: 'suicide',
    pattern:
      /\b(?:easiest|best|quickest|painless|fastest)\s+way\s+to\s+(?:die|kill\s+(?:yourself|myself|oneself))\b|\bhow\s+(?:many|much)\b.{0,30}\b(?:to die|to overdose|would kill me)\b/,
  },
  { kind: 'suicide', pattern: /\btonight\s+is\s+the\s+night\b|\bwill\s+never\s+wake\s+up\s+again\b/ },
  // Self-harm.
  { kind: 'self-harm', pattern: /\bself\s+(?:harm|harming|harmed|injury|injuring)\b/ },
  {
    kind: 'self-harm',
    pattern: new RegExp(
      `\\b(?:hurt|hurting|harm|harming|cut|cutting|burn|burned|burnt|burning|scratch|scratching|hit|hitting|punch|punching|starve|starving|stab|stabbing)\\s+${SELF}\\b`,
    ),
  },
  {
    kind: 'self-harm',
    pattern:
      /\b(?:cut|cutting|slit|slitting|slash)\s+(?:my\s+)?(?:wrists|arms|legs|thighs|skin)\b|\b(?:cut|cutting)\s+again\b|\brelapsed\b/,
  },
  {
    kind: 'self-harm',
    pattern:
      /\b(?:until|till)\s+(?:they|it|i)\s+bleeds?\b|\b(?:razor|blade)s?\b.{0,30}\b(?:arm|arms|wrists|skin|legs)\b/,
  },
  // Intent to harm others.
  {
    kind: 'harm-others',
    pattern: /\bshoot\s+up\s+(?:the|my|a|our)\s+(?:school|class|office|work|church|mall)\b/,
  },
  {
    kind: 'harm-others',
    pattern:
      /\b(?:bring|take|bringing|taking)\b.{0,20}\b(?:gun|rifle|knife|knives|weapon)\b.{0,10}\bto\s+(?:school|class|work|the office)\b/,
  },
  {
    kind: 'harm-others',
    pattern:
      /\b(?:going to|want to|will|gonna|plan to|planning to|ready to|about to)\s+(?:kill|murder|stab|shoot|hurt|strangle)\s+(?:him|her|them|someone|somebody|people|everyone|everybody|my\s+\w+|the\s+(?:people|person|guy|girl|kids)\b)/,
  },
  {
    kind: 'harm-others',
    pattern:
      /\b(?:think|thinking|dream|dreaming)\s+(?:about|of)\s+(?:stabbing|killing|shooting|strangling|murdering)\s+(?:him|her|them|my\s+\w+)\b/,
  },
  {
    kind: 'harm-others',
    pattern:
      /\bmake\s+them\s+(?:all\s+)?pay\b|\bi\s+know\s+where\s+(?:they|he|she)\s+lives?\b|\bknife\s+ready\b|\bgun\s+ready\b/,
  },
];

/** Words that, just before a phrase, say the opposite ("I am not suicidal", "I would never hurt myself"). */
const NEGATION = /\b(?:not|never|no|nor|without|stop myself from|wont|cannot)\s+(?:\w+\s+){0,2}$/;

/**
 * Figures of speech and ordinary uses of the same words ("this homework is killing me", "I could die
 * laughing", "to die for", "kill some time"): a message made of these is not a crisis however near the
 * crisis statements the encoder places it.
 */
const FIGURES_OF_SPEECH: RegExp[] = [
  /\b(?:is|are|was|were|be|keeps)\s+(?:\w+\s+)?killing\s+(?:me|my|us)\b/,
  /\b(?:going to|will|gonna|would|could)\s+(?:kill|murder)\s+me\b/,
  /\b(?:could|would)\s+(?:kill|murder)\b.{0,40}\bfor\b/,
  /\bkill(?:ing)?\s+(?:for|time|some time|the lights|a process|the process|the boss|it)\b|\bkilled\s+(?:it|the)\b/,
  /\b(?:die|died|dying|dead)\s+(?:laughing|of (?:embarrassment|boredom|shock|laughter|cringe))\b/,
  /\bdying\s+(?:to|for|of)\b|\bto\s+die\s+for\b|\b(?:i|i just|literally)\s+died\b|\bnearly\s+died\b|\bi\s+could\s+(?:just\s+)?die\b/,
  /\bdead\s+(?:tired|to the world|serious|on)\b|\bknock\s+(?:them|em)\s+dead\b|\b(?:battery|phone|laptop|plant)\b.{0,15}\b(?:dead|dying|died)\b/,
  /\b(?:death|end)\s+of\s+me\b|\brather\s+die\s+than\b|\bkiller\b|\bdrowning\s+in\b/,
];

/** Stories, games, news and the like: the words are about someone or something else. */
const OTHER_CONTEXT =
  /\b(?:in the game|in game|video game|my character|the character|in the story|a story|my story|the movie|the film|the book|the play|the episode|novel|fiction|mystery|the hero|article|documentary|prevention|statistics|history of|world war|true crime|podcast|shaving|by accident|accidentally)\b/;

/** Said of the past and left behind ("I used to self-harm but I have been clean for five years"). */
const RECOVERED =
  /\b(?:used to|years ago|in the past)\b.*\b(?:clean|recovered|better now|doing well|proud|helped)\b/;

export type TPhraseResult = {
  /** The kind of crisis a phrase says, or null. */
  kind: TCrisisKind | null;
  /** The message is a figure of speech, a negation, a story or the past: the encoder arm must not count it. */
  isExcused: boolean;
  /** The message uses a word of the crisis vocabulary at all (the encoder arm is asked only then). */
  hasCue: boolean;
};

const CUE =
  /\b(?:die|dying|died|dead|death|kill\w*|suicid\w*|life|live|living|alive|exist\w*|end|ending|hurt\w*|harm\w*|cut\w*|bleed\w*|blood|pills?|overdose|jump\w*|bridge|roof|rope|hang\w*|gone|burden|better off|goodbye\w*|wake|sleep|disappear\w*|point|worth|pain|gun|knife|stab\w*|shoot\w*|hopeless|anymore|blade|wrists|miss me|need them|pay|murder\w*|purpose|myself|over)\b/;

/** Reads a normalised message: the first crisis phrase that is not negated, and what excuses it. */
export function readCrisisPhrases(normalised: string): TPhraseResult {
  const isFigure = FIGURES_OF_SPEECH.some((p) => p.test(normalised));
  const isOther = OTHER_CONTEXT.test(normalised) || RECOVERED.test(normalised);
  let kind: TCrisisKind | null = null;
  let isNegated = false;
  for (const clause of normalised.split(' . ')) {
    for (const phrase of PHRASES) {
      const match = phrase.pattern.exec(clause);
      if (!match) continue;
      if (
        NEGATION.test(clause.slice(0, match.index)) &&
        !/^\s*(?:do not|never|no longer|not)\b/.test(match[0])
      ) {
        isNegated = true;
        continue;
      }
      kind ??= phrase.kind;
    }
  }
  if (kind !== null && isOther) kind = null;
  return {
    kind,
    isExcused: isFigure || isOther || (isNegated && kind === null),
    hasCue: CUE.test(normalised),
  };
}

import { describe, expect, it } from 'vitest';
import { parseRegexKey, regexKeyProblem, runawayReason } from './regex-keys.ts';
import { testRegexes } from './regex-runner.ts';

describe('regex keys', () => {
  it('reads /pattern/flags and leaves plain words alone', () => {
    expect(parseRegexKey('/drag(on|ons)/i')).toEqual({ source: 'drag(on|ons)', flags: 'i' });
    expect(parseRegexKey('dragon')).toBeNull();
    expect(parseRegexKey('/')).toBeNull();
  });

  it.each(['(a+)+$', '(a|aa)*b', '(\\w+\\s?)*$', '(?:x+y?)+z', '([a-z]+){2,}', '(a)\\1', '(?<n>a)\\k<n>'])(
    'refuses the runaway or back-referencing shape %s',
    (source) => {
      expect(runawayReason(source)).not.toBeNull();
    },
  );

  it.each(['dragon', 'drag(on|ons)', '\\bking(dom)?\\b', '[(+]+x', 'a{1,3}b', '(?:ab)+', 'a\\(+\\)+'])(
    'accepts the safe shape %s',
    (source) => {
      expect(runawayReason(source)).toBeNull();
    },
  );

  it('explains bad syntax and flags', () => {
    expect(regexKeyProblem('/(unclosed/')).toMatch(/not a valid regular expression/);
    expect(regexKeyProblem('/a/g')).toMatch(/flags "g" are not supported/);
    expect(regexKeyProblem('/(a+)+$/')).toMatch(/can run away/);
    expect(regexKeyProblem('plain words')).toBeNull();
  });
});

describe('the regex time box', () => {
  it('stops a pattern that backtracks for ever and reports it; earlier results stand', () => {
    // Built at run time so no static check stands between the pattern and the engine.
    const runaway = new RegExp(['(a', '+)+$'].join(''));
    const tests = [/hello/, runaway, /never tested/].map((regex) => ({ regex, text: 0 }));
    const run = testRegexes(tests, [`hello ${'a'.repeat(40)}!`], 30);
    expect(run.timedOut).toBe(true);
    expect(run.results).toEqual([true, false, false]);
  });

  it('tests every regex when there is time', () => {
    const tests = [
      { regex: /cat/i, text: 0 },
      { regex: /dog/, text: 1 },
      { regex: /dog/, text: 0 },
    ];
    expect(testRegexes(tests, ['A Cat sat', 'a dog'], 1000)).toEqual({
      results: [true, true, false],
      timedOut: false,
    });
  });
});

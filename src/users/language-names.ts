import type { ReadingCandidate } from '../envelope/issue.js';
import { vocabKey } from '../input/vocab/vocabulary.js';

const PT_BR: ReadingCandidate = { value: 'pt_BR', reading: 'Portuguese (Brazil)' };
const PT_PT: ReadingCandidate = { value: 'pt_PT', reading: 'Portuguese (Portugal)' };
const EN_GB: ReadingCandidate = { value: 'en_GB', reading: 'English (United Kingdom)' };
const EN_US: ReadingCandidate = { value: 'en_US', reading: 'English (United States)' };
const ES_ES: ReadingCandidate = { value: 'es_ES', reading: 'Spanish (Spain)' };
const ES_MX: ReadingCandidate = { value: 'es_MX', reading: 'Spanish (Mexico)' };
const FR_FR: ReadingCandidate = { value: 'fr_FR', reading: 'French (France)' };
const FR_CA: ReadingCandidate = { value: 'fr_CA', reading: 'French (Canada)' };

/**
 * A language's name in English or Portuguese, and GLPI's codes it may mean: "Português do Brasil"
 * is pt_BR, "Portuguese" pt_BR or pt_PT. Only hints: a name is never stored in the code's place.
 */
const BY_NAME: ReadonlyMap<string, readonly ReadingCandidate[]> = new Map(
  (
    [
      [
        ['portuguese', 'portugues'],
        [PT_BR, PT_PT],
      ],
      [['brazilian portuguese', 'portuguese brazil', 'portugues do brasil', 'portugues brasileiro', 'portugues brasil', 'brazilian', 'brasileiro'], [PT_BR]],
      [['european portuguese', 'portuguese portugal', 'portugues de portugal', 'portugues europeu'], [PT_PT]],
      [
        ['english', 'ingles'],
        [EN_GB, EN_US],
      ],
      [['british english', 'english uk', 'ingles britanico'], [EN_GB]],
      [['american english', 'english us', 'ingles americano'], [EN_US]],
      [
        ['spanish', 'espanhol', 'espanol'],
        [ES_ES, ES_MX],
      ],
      [
        ['french', 'frances', 'francais'],
        [FR_FR, FR_CA],
      ],
      [['german', 'alemao', 'deutsch'], [{ value: 'de_DE', reading: 'German' }]],
      [['italian', 'italiano'], [{ value: 'it_IT', reading: 'Italian' }]],
    ] as const
  ).flatMap(([names, codes]) => names.map((name) => [name, codes] as const)),
);

/** The codes a language's name may mean, most likely first; none for anything else. */
export function languageCodesNamed(text: string): readonly ReadingCandidate[] {
  return BY_NAME.get(vocabKey(text)) ?? [];
}

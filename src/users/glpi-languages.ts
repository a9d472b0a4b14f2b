import { echo, quoted } from '../envelope/echo.js';
import type { Issue, ReadingCandidate } from '../envelope/issue.js';
import { readingsHint } from '../input/issue-messages.js';
import { vocabKey } from '../input/vocab/vocabulary.js';
import { clearWinner, editDistance, type Scored, spelledAlike } from '../text/suggest.js';

/**
 * GLPI's languages (its `$CFG_GLPI['languages']`): the code stored, GLPI's own name for it (in the
 * language itself, as GLPI's menus show it), and its names in English and Brazilian Portuguese. A
 * user's language is one of these codes; any of its names is taken as it, as an enum takes its labels.
 */
interface GlpiLanguage {
  code: string;
  native: string;
  en: readonly string[];
  pt: readonly string[];
}

const LANGUAGES: readonly GlpiLanguage[] = [
  {
    code: 'pt_BR',
    native: 'Português do Brasil',
    en: ['Portuguese (Brazil)', 'Brazilian Portuguese', 'Brazilian'],
    pt: ['Português (Brasil)', 'Português brasileiro', 'Brasileiro'],
  },
  // GLPI shows pt_PT as "Português": alone, that word is either Portuguese here (SHARED_NAMES).
  { code: 'pt_PT', native: 'Português (Portugal)', en: ['Portuguese (Portugal)', 'European Portuguese'], pt: ['Português de Portugal', 'Português europeu'] },
  {
    code: 'en_GB',
    native: 'English',
    en: ['English (United Kingdom)', 'English (UK)', 'British English'],
    pt: ['Inglês', 'Inglês (Reino Unido)', 'Inglês britânico'],
  },
  {
    code: 'en_US',
    native: 'English (US)',
    en: ['English (United States)', 'American English'],
    pt: ['Inglês (EUA)', 'Inglês (Estados Unidos)', 'Inglês americano'],
  },
  { code: 'es_ES', native: 'Español (España)', en: ['Spanish (Spain)', 'European Spanish'], pt: ['Espanhol (Espanha)'] },
  { code: 'es_419', native: 'Español (América Latina)', en: ['Spanish (Latin America)', 'Latin American Spanish'], pt: ['Espanhol (América Latina)'] },
  { code: 'es_AR', native: 'Español (Argentina)', en: ['Spanish (Argentina)'], pt: ['Espanhol (Argentina)'] },
  { code: 'es_CL', native: 'Español chileno', en: ['Spanish (Chile)', 'Chilean Spanish'], pt: ['Espanhol (Chile)', 'Espanhol chileno'] },
  { code: 'es_CO', native: 'Español (Colombia)', en: ['Spanish (Colombia)'], pt: ['Espanhol (Colômbia)'] },
  { code: 'es_EC', native: 'Español (Ecuador)', en: ['Spanish (Ecuador)'], pt: ['Espanhol (Equador)'] },
  { code: 'es_MX', native: 'Español (Mexico)', en: ['Spanish (Mexico)', 'Mexican Spanish'], pt: ['Espanhol (México)'] },
  { code: 'es_VE', native: 'Español (Venezuela)', en: ['Spanish (Venezuela)'], pt: ['Espanhol (Venezuela)'] },
  { code: 'fr_FR', native: 'Français', en: ['French', 'French (France)'], pt: ['Francês', 'Francês (França)'] },
  { code: 'fr_BE', native: 'Français (Belgique)', en: ['French (Belgium)'], pt: ['Francês (Bélgica)'] },
  { code: 'fr_CA', native: 'Français (Canada)', en: ['French (Canada)', 'Canadian French'], pt: ['Francês (Canadá)'] },
  { code: 'de_DE', native: 'Deutsch', en: ['German'], pt: ['Alemão'] },
  { code: 'it_IT', native: 'Italiano', en: ['Italian'], pt: ['Italiano'] },
  { code: 'ar_SA', native: 'العَرَبِيَّةُ', en: ['Arabic'], pt: ['Árabe'] },
  { code: 'be_BY', native: 'Belarussian', en: ['Belarusian'], pt: ['Bielorrusso'] },
  { code: 'bg_BG', native: 'Български', en: ['Bulgarian'], pt: ['Búlgaro'] },
  { code: 'ca_ES', native: 'Català', en: ['Catalan'], pt: ['Catalão'] },
  { code: 'cs_CZ', native: 'Čeština', en: ['Czech'], pt: ['Tcheco'] },
  { code: 'da_DK', native: 'Dansk', en: ['Danish'], pt: ['Dinamarquês'] },
  { code: 'el_GR', native: 'Ελληνικά', en: ['Greek'], pt: ['Grego'] },
  { code: 'eo', native: 'Esperanto', en: [], pt: [] },
  { code: 'et_EE', native: 'Eesti', en: ['Estonian'], pt: ['Estoniano'] },
  { code: 'eu_ES', native: 'Euskara', en: ['Basque'], pt: ['Basco'] },
  { code: 'fa_IR', native: 'فارسی', en: ['Persian', 'Farsi'], pt: ['Persa'] },
  { code: 'fi_FI', native: 'Suomi', en: ['Finnish'], pt: ['Finlandês'] },
  { code: 'gl_ES', native: 'Galego', en: ['Galician'], pt: [] },
  { code: 'he_IL', native: 'עברית', en: ['Hebrew'], pt: ['Hebraico'] },
  { code: 'hi_IN', native: 'हिन्दी', en: ['Hindi'], pt: [] },
  { code: 'hr_HR', native: 'Hrvatski', en: ['Croatian'], pt: ['Croata'] },
  { code: 'hu_HU', native: 'Magyar', en: ['Hungarian'], pt: ['Húngaro'] },
  { code: 'id_ID', native: 'Bahasa Indonesia', en: ['Indonesian'], pt: ['Indonésio'] },
  { code: 'is_IS', native: 'Íslenska', en: ['Icelandic'], pt: ['Islandês'] },
  { code: 'ja_JP', native: '日本語', en: ['Japanese'], pt: ['Japonês'] },
  { code: 'kn', native: 'ಕನ್ನಡ', en: ['Kannada'], pt: ['Canarês'] },
  { code: 'ko_KR', native: '한국어', en: ['Korean'], pt: ['Coreano'] },
  { code: 'lt_LT', native: 'Lietuvių', en: ['Lithuanian'], pt: ['Lituano'] },
  { code: 'lv_LV', native: 'Latviešu', en: ['Latvian'], pt: ['Letão'] },
  { code: 'mn_MN', native: 'Монгол хэл', en: ['Mongolian'], pt: ['Mongol'] },
  { code: 'ms_MY', native: 'Bahasa Melayu', en: ['Malay'], pt: ['Malaio'] },
  { code: 'nb_NO', native: 'Norsk (Bokmål)', en: ['Norwegian (Bokmål)', 'Norwegian Bokmål'], pt: ['Norueguês (Bokmål)'] },
  { code: 'nn_NO', native: 'Norsk (Nynorsk)', en: ['Norwegian (Nynorsk)', 'Norwegian Nynorsk'], pt: ['Norueguês (Nynorsk)'] },
  { code: 'nl_NL', native: 'Nederlands', en: ['Dutch'], pt: ['Holandês', 'Neerlandês'] },
  { code: 'nl_BE', native: 'Flemish', en: ['Dutch (Belgium)'], pt: ['Flamengo', 'Holandês (Bélgica)'] },
  { code: 'pl_PL', native: 'Polski', en: ['Polish'], pt: ['Polonês'] },
  { code: 'ro_RO', native: 'Română', en: ['Romanian'], pt: ['Romeno'] },
  { code: 'ru_RU', native: 'Русский', en: ['Russian'], pt: ['Russo'] },
  { code: 'sk_SK', native: 'Slovenčina', en: ['Slovak'], pt: ['Eslovaco'] },
  { code: 'sl_SI', native: 'Slovenščina', en: ['Slovenian', 'Slovene'], pt: ['Esloveno'] },
  { code: 'sr_RS', native: 'Srpski', en: ['Serbian'], pt: ['Sérvio'] },
  { code: 'sv_SE', native: 'Svenska', en: ['Swedish'], pt: ['Sueco'] },
  { code: 'th_TH', native: 'ภาษาไทย', en: ['Thai'], pt: ['Tailandês'] },
  { code: 'tr_TR', native: 'Türkçe', en: ['Turkish'], pt: ['Turco'] },
  { code: 'uk_UA', native: 'Українська', en: ['Ukrainian'], pt: ['Ucraniano'] },
  { code: 'vi_VN', native: 'Tiếng Việt', en: ['Vietnamese'], pt: ['Vietnamita'] },
  { code: 'zh_CN', native: '简体中文', en: ['Chinese (Simplified)', 'Simplified Chinese'], pt: ['Chinês (simplificado)', 'Chinês simplificado'] },
  { code: 'zh_TW', native: '繁體中文', en: ['Chinese (Traditional)', 'Traditional Chinese'], pt: ['Chinês (tradicional)', 'Chinês tradicional'] },
  { code: 'zh_HK', native: '香港', en: ['Chinese (Hong Kong)'], pt: ['Chinês (Hong Kong)'] },
];

/** A language's name that several of GLPI's codes share ("Portuguese": pt_BR or pt_PT?): the caller is asked which. */
const SHARED_NAMES: ReadonlyArray<{ names: readonly string[]; codes: readonly string[] }> = [
  { names: ['Portuguese', 'Português'], codes: ['pt_BR', 'pt_PT'] },
  { names: ['Spanish', 'Espanhol', 'Español'], codes: ['es_ES', 'es_419', 'es_MX', 'es_AR', 'es_CL', 'es_CO', 'es_EC', 'es_VE'] },
  { names: ['Chinese', 'Chinês', '中文'], codes: ['zh_CN', 'zh_TW', 'zh_HK'] },
  { names: ['Norwegian', 'Norueguês', 'Norsk'], codes: ['nb_NO', 'nn_NO'] },
];

const BY_CODE: ReadonlyMap<string, GlpiLanguage> = new Map(LANGUAGES.map((l) => [l.code, l]));

const SHARED: ReadonlyMap<string, readonly string[]> = new Map(SHARED_NAMES.flatMap((s) => s.names.map((name) => [vocabKey(name), s.codes] as const)));

/** Every name of every language, as vocabKey compares them, with its code: a name means one code, or is shared and means none. */
const BY_NAME: ReadonlyMap<string, string> = namesByKey();

function namesByKey(): Map<string, string> {
  const byKey = new Map<string, string>();
  for (const language of LANGUAGES) {
    for (const name of [language.native, ...language.en, ...language.pt]) {
      const key = vocabKey(name);
      const known = byKey.get(key);
      if ((known !== undefined && known !== language.code) || SHARED.has(key)) throw new Error(`GLPI languages: '${name}' names more than ${language.code}`);
      byKey.set(key, language.code);
    }
  }
  return byKey;
}

/** The codes in GLPI's order, for `available`; at most this many are listed. */
const MAX_AVAILABLE = 20;

/** What a language sent is: the code it names, or the issue that says why it names none. */
export type LanguageReading = { code: string } | { issue: Issue };

/**
 * Reads a user's language: one of GLPI's codes in any case and with `-` or `_` ("pt-br"), one of its
 * names ("Português do Brasil", "English", "Alemão"), or a bare language with one code in GLPI ("de").
 * Anything else is INVALID_VALUE: a name several codes share lists them as candidates; a misspelt
 * code or name is suggested (did_you_mean); `available` lists the closest codes first.
 */
export function readLanguage(text: string): LanguageReading {
  const code = codeWritten(text) ?? BY_NAME.get(vocabKey(text));
  if (code !== undefined) return { code };
  const meant = SHARED.get(vocabKey(text)) ?? codesOfLanguage(text);
  if (meant?.length === 1) return { code: meant[0] };
  return { issue: notAGlpiLanguage(text, meant ?? []) };
}

/** pt-br, PT_br, es-419 -> pt_BR, es_419 when GLPI has that code; undefined for anything else. */
function codeWritten(text: string): string | undefined {
  const match = /^\s*([a-z]{2,3})(?:[-_]([a-z]{2}|\d{3}))?\s*$/i.exec(text);
  if (!match) return undefined;
  const code = match[2] ? `${match[1].toLowerCase()}_${match[2].toUpperCase()}` : match[1].toLowerCase();
  return BY_CODE.has(code) ? code : undefined;
}

/** The codes of a language written alone ("de", "pt"): de_DE; pt_BR and pt_PT. Undefined for other text. */
function codesOfLanguage(text: string): string[] | undefined {
  const language = /^\s*([a-z]{2,3})\s*$/i.exec(text)?.[1].toLowerCase();
  if (!language) return undefined;
  const codes = LANGUAGES.filter((l) => l.code.split('_')[0] === language).map((l) => l.code);
  return codes.length > 0 ? codes : undefined;
}

function notAGlpiLanguage(text: string, meant: readonly string[]): Issue {
  const candidates: ReadingCandidate[] = meant.map((code) => ({ value: code, reading: englishName(code) }));
  const suggestion = meant.length === 0 ? misspelt(text) : undefined;
  const hint = candidates.length > 1 ? readingsHint(candidates) : suggestion ? ` Did you mean '${suggestion}' (${englishName(suggestion)})?` : '';
  return {
    field: 'language',
    code: 'INVALID_VALUE',
    received: echo(text),
    message: `language '${quoted(text)}' is not one of GLPI's languages.${hint} Send its code (pt_BR, en_GB, es_ES, ...) or its name in English or Portuguese.`,
    expected: "one of GLPI's language codes (pt_BR, en_GB, ...) or its name ('Português do Brasil', 'English')",
    available: closestCodes(text),
    ...(suggestion ? { did_you_mean: suggestion } : {}),
    ...(candidates.length > 1 ? { candidates } : {}),
  };
}

/** The code whose code or name `text` misspells, when one is clearly the closest (the margin rule). */
function misspelt(text: string): string | undefined {
  const scored: Array<Scored<string>> = [];
  for (const [name, code] of namesAndCodes()) {
    if (spelledAlike(text, name)) scored.push({ target: code, score: editDistance(vocabKey(text), vocabKey(name)) });
  }
  return clearWinner(scored);
}

/** The codes, those of the language written first ("pt_XX": pt_BR, pt_PT), then any spelt alike, then GLPI's order. */
function closestCodes(text: string): string[] {
  const language = /^\s*([a-z]{2,3})(?:[-_\s]|$)/i.exec(text)?.[1].toLowerCase();
  const sameLanguage = LANGUAGES.filter((l) => l.code.split('_')[0] === language).map((l) => l.code);
  const alike = [...namesAndCodes()].filter(([name]) => spelledAlike(text, name)).map(([, code]) => code);
  return [...new Set([...sameLanguage, ...alike, ...LANGUAGES.map((l) => l.code)])].slice(0, MAX_AVAILABLE);
}

function* namesAndCodes(): Iterable<readonly [name: string, code: string]> {
  for (const l of LANGUAGES) for (const name of [l.code, l.native, ...l.en, ...l.pt]) yield [name, l.code];
}

/** A code's first English name ("Portuguese (Brazil)"), or GLPI's own when it has none. */
function englishName(code: string): string {
  const language = BY_CODE.get(code);
  return language?.en[0] ?? language?.native ?? code;
}

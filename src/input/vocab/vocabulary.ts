import { matchKey } from '../../text/normalize.js';

export interface VocabEntry {
  code: number;
  en: string;
  pt: string;
  /** Further accepted spellings (short forms, GLPI's own wording). */
  aliases?: string[];
}

/**
 * A coded enumeration with English and Brazilian Portuguese labels. One definition feeds input
 * parsing, the JSON Schema and the descriptions, so what the docs say is what the parser takes.
 */
export class Vocabulary {
  private readonly byKey = new Map<string, number>();
  private readonly byCode = new Map<number, VocabEntry>();

  constructor(
    readonly name: string,
    readonly entries: readonly VocabEntry[],
  ) {
    for (const entry of entries) {
      this.byCode.set(entry.code, entry);
      for (const label of [entry.en, entry.pt, ...(entry.aliases ?? [])]) {
        this.byKey.set(matchKey(label), entry.code);
      }
    }
  }

  get codes(): number[] {
    return this.entries.map((e) => e.code);
  }

  /** Accepts a code (number or numeric string) or any label, case- and accent-insensitively. */
  parse(value: unknown): number | undefined {
    if (typeof value === 'number') return this.byCode.has(value) ? value : undefined;
    if (typeof value !== 'string') return undefined;
    const trimmed = value.trim();
    if (/^\d+$/.test(trimmed)) {
      const code = Number(trimmed);
      return this.byCode.has(code) ? code : undefined;
    }
    return this.byKey.get(matchKey(trimmed));
  }

  label(code: number, language: 'en' | 'pt' = 'en'): string | undefined {
    const entry = this.byCode.get(code);
    return entry ? entry[language] : undefined;
  }

  /** `{ id, name }` as search results and `applied` show enum values. */
  ref(code: number | null | undefined): { id: number; name: string } | null {
    if (code === null || code === undefined) return null;
    return { id: code, name: this.label(code) ?? String(code) };
  }

  /** Every accepted label, for did_you_mean matching. */
  allLabels(): string[] {
    return this.entries.flatMap((e) => [e.en, e.pt, ...(e.aliases ?? [])]);
  }

  /** `1 Very low/Muito baixa, 2 Low/Baixa, ...` for error messages. */
  describe(): string {
    return this.entries.map((e) => `${e.code} ${e.en}/${e.pt}`).join(', ');
  }

  /** `1 Very low, 2 Low, ...` for schemas, where every tool repeats it (Portuguese labels are accepted too). */
  describeShort(): string {
    return this.entries.map((e) => `${e.code} ${e.en}`).join(', ');
  }
}

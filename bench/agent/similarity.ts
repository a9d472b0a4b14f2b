/**
 * The agent's own string matching: deliberately simple (normalized edit distance, prefixes and
 * shared words), plus a small glossary standing in for the everyday Portuguese a language model
 * knows. Used identically against every server.
 */

export function norm(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export function singular(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

const STOP = new Set(['id', 'ids', 'the', 'a', 'an', 'of', 'to', 'in', 'on', 'or', 'and', 'e', 'g', 'eg', 'de', 'do', 'da', 'for', 'by', 'is', 'it', 'its', 'this', 'with']);

/** Words of an identifier or phrase: `projectstates_id` -> [projectstate]; `first_name` -> [first, name]. */
export function words(value: string): string[] {
  return norm(value.replace(/([a-z])([A-Z])/g, '$1 $2'))
    .split(' ')
    .filter((w) => w.length > 0 && !STOP.has(w))
    .map(singular);
}

export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur.push(Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1)));
    }
    prev = cur;
  }
  return prev[b.length];
}

/** Everyday Portuguese (and a few English synonyms) a model would translate without thinking. */
const GLOSSARY: Record<string, string[]> = {
  alta: ['high'],
  alto: ['high'],
  'muito alta': ['very high'],
  baixa: ['low'],
  baixo: ['low'],
  'muito baixa': ['very low'],
  media: ['medium'],
  critica: ['major', 'critical'],
  incidente: ['incident'],
  requisicao: ['request'],
  solicitacao: ['request'],
  novo: ['new'],
  nova: ['new'],
  'em atendimento': ['processing', 'in progress'],
  'em andamento': ['processing', 'in progress'],
  'in progress': ['processing'],
  pendente: ['pending'],
  aguardando: ['pending'],
  feito: ['done'],
  concluido: ['done'],
  urgente: ['very high'],
  'em pausa': ['pending'],
  solucionado: ['solved'],
  resolvido: ['solved'],
  fechado: ['closed'],
  encerrado: ['closed'],
  tecnico: ['technician'],
  administrador: ['admin'],
  grupo: ['group'],
  gestor: ['manager'],
  responsavel: ['manager'],
  titulo: ['title'],
  categoria: ['category'],
  solicitante: ['requester'],
  atribuido: ['assigned'],
  planejado: ['planned'],
  aprovado: ['accepted', 'approved', 'granted'],
  recusado: ['refused', 'rejected'],
  title: ['name'],
  subject: ['name'],
  watcher: ['observer'],
};

/** The value and the translations the agent would also consider (whole value, then word by word). */
export function variants(value: string): string[] {
  const n = norm(value);
  const out = [value, ...(GLOSSARY[n] ?? [])];
  let phrase = ` ${n} `;
  for (const [pt, en] of Object.entries(GLOSSARY).sort((a, b) => b[0].length - a[0].length)) {
    phrase = phrase.replace(new RegExp(` ${pt} `, 'g'), ` ${en[0]} `);
  }
  if (phrase.trim() !== n) out.push(phrase.trim());
  return [...new Set(out)];
}

/** Does `haystack` contain `needle` give or take one edit? ("projectstates" holds "statu".) */
export function fuzzyContains(haystack: string, needle: string): boolean {
  if (needle.length < 4) return false;
  if (haystack.includes(needle)) return true;
  for (const width of [needle.length - 1, needle.length, needle.length + 1]) {
    for (let i = 0; i + width <= haystack.length; i++) {
      if (levenshtein(haystack.slice(i, i + width), needle) <= 1) return true;
    }
  }
  return false;
}

/** 0..1, higher is closer. */
export function similarity(a: string, b: string): number {
  const x = norm(a);
  const y = norm(b);
  if (!x || !y) return 0;
  if (x === y) return 1;
  const compactX = x.replace(/ /g, '');
  const compactY = y.replace(/ /g, '');
  if (compactX === compactY) return 0.97;
  let score = 1 - levenshtein(compactX, compactY) / Math.max(compactX.length, compactY.length);
  const shorter = Math.min(compactX.length, compactY.length);
  if (shorter >= 3 && (compactY.startsWith(compactX) || compactX.startsWith(compactY))) score = Math.max(score, 0.85);
  else if (shorter >= 4 && (compactY.includes(compactX) || compactX.includes(compactY))) score = Math.max(score, 0.8);
  const wx = words(x);
  const wy = words(y);
  if (wx.length && wy.length) {
    let hits = 0;
    for (const w of wx) if (wy.some((v) => v === w || (w.length > 3 && levenshtein(v, w) <= 1))) hits++;
    const jaccard = hits / (wx.length + wy.length - hits);
    score = Math.max(score, 0.9 * jaccard, hits > 0 ? 0.55 + 0.1 * hits : 0);
    // A word of one inside a compound of the other: "state" in "projectstates_id".
    if (hits === 0 && wx.every((w) => fuzzyContains(compactY, w))) score = Math.max(score, 0.6);
  }
  return Math.min(score, 1);
}

/** Similarity of a value to a candidate, also through the glossary. */
export function similarityWithVariants(value: string, candidate: string): number {
  let best = 0;
  for (const v of variants(value)) best = Math.max(best, similarity(v, candidate) - (v === value ? 0 : 0.01));
  return best;
}

/** The closest option to `value`, when one is plausibly meant (score >= threshold). */
export function pickClosest<T>(value: string, options: T[], label: (o: T) => string[] | string, threshold = 0.5): T | undefined {
  let best: T | undefined;
  let bestScore = threshold;
  for (const option of options) {
    const labels = label(option);
    for (const l of Array.isArray(labels) ? labels : [labels]) {
      const s = similarityWithVariants(value, l);
      if (s > bestScore) {
        best = option;
        bestScore = s;
      }
    }
  }
  return best;
}

/** Text equal to `value` once case and separators (space, dash, underscore) are ignored. */
export function sameModuloSeparators(a: string, b: string): boolean {
  const k = (s: string) => s.toLowerCase().replace(/[\s_\-]+/g, '');
  return k(a) === k(b);
}

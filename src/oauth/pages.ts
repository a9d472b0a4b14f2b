/** The server-rendered sign-in and consent pages: plain HTML forms, no script, in English or Brazilian Portuguese. */

export type Language = 'en' | 'pt-BR';

const TEXTS = {
  en: {
    signInTitle: 'Sign in to intentdesk',
    signInLead: (client: string) => `${client} wants to use intentdesk on your behalf. Sign in with your GLPI login.`,
    signInPlain: 'Sign in with your GLPI login to continue.',
    login: 'Login',
    password: 'Password',
    signIn: 'Sign in',
    wrong: 'Wrong login or password.',
    consentTitle: 'Allow access?',
    consentLead: (client: string, user: string) => `${client} asks to act as ${user} in intentdesk.`,
    scopes: 'It will be able to:',
    scope: { mcp: 'use every tool your profile allows (read and write)', 'mcp:read': 'use the tools that only read (search, get)' } as Record<string, string>,
    entities: 'Within these entities:',
    redirect: 'You will be sent back to:',
    allow: 'Allow',
    deny: 'Deny',
    cancel: 'Cancel',
  },
  'pt-BR': {
    signInTitle: 'Entrar no intentdesk',
    signInLead: (client: string) => `${client} quer usar o intentdesk em seu nome. Entre com seu login do GLPI.`,
    signInPlain: 'Entre com seu login do GLPI para continuar.',
    login: 'Login',
    password: 'Senha',
    signIn: 'Entrar',
    wrong: 'Login ou senha incorretos.',
    consentTitle: 'Permitir acesso?',
    consentLead: (client: string, user: string) => `${client} pede para agir como ${user} no intentdesk.`,
    scopes: 'Poderá:',
    scope: {
      mcp: 'usar todas as ferramentas que seu perfil permite (ler e alterar)',
      'mcp:read': 'usar as ferramentas que só leem (buscar, consultar)',
    } as Record<string, string>,
    entities: 'Nestas entidades:',
    redirect: 'Você voltará para:',
    allow: 'Permitir',
    deny: 'Negar',
    cancel: 'Cancelar',
  },
} as const;

/** pt-BR when the browser prefers Portuguese (or the signed-in user's language is), English otherwise. */
export function languageOf(acceptLanguage: string | undefined, userLanguage?: string | null): Language {
  if (userLanguage) return userLanguage.toLowerCase().startsWith('pt') ? 'pt-BR' : 'en';
  const first = (acceptLanguage ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('pt') ? 'pt-BR' : 'en';
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(lang: Language, title: string, body: string): string {
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#222}
label{display:block;margin:.8rem 0 .2rem}input[type=text],input[type=password]{width:100%;padding:.5rem;box-sizing:border-box}
button{margin:1rem .5rem 0 0;padding:.5rem 1.2rem}.error{color:#a00}.muted{color:#666;font-size:.9rem;word-break:break-all}</style>
</head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

/**
 * An OAuth client's sign-in (its name, and the interaction's form token), or the plain sign-in of
 * this server's own pages (neither: that page checks where the form comes from instead).
 */
export type SignInPage = {
  lang: Language;
  action: string;
  login?: string;
  error?: boolean;
} & ({ client: string; csrf: string } | { client?: undefined; csrf?: undefined });

export function signInPage(p: SignInPage): string {
  const t = TEXTS[p.lang];
  return page(
    p.lang,
    t.signInTitle,
    `<p>${escapeHtml(p.client === undefined ? t.signInPlain : t.signInLead(p.client))}</p>
${p.error ? `<p class="error" role="alert">${escapeHtml(t.wrong)}</p>` : ''}
<form method="post" action="${escapeHtml(p.action)}">
${p.csrf === undefined ? '' : `<input type="hidden" name="csrf" value="${escapeHtml(p.csrf)}">`}
<label for="login">${escapeHtml(t.login)}</label><input type="text" id="login" name="login" autocomplete="username" required value="${escapeHtml(p.login ?? '')}">
<label for="password">${escapeHtml(t.password)}</label><input type="password" id="password" name="password" autocomplete="current-password" required>
<button type="submit" name="action" value="sign-in">${escapeHtml(t.signIn)}</button><button type="submit" name="action" value="cancel" formnovalidate>${escapeHtml(t.cancel)}</button>
</form>`,
  );
}

export interface ConsentPage {
  lang: Language;
  action: string;
  csrf: string;
  client: string;
  clientId: string;
  user: string;
  scopes: string[];
  entities: string[];
  redirectUri: string;
}

export function consentPage(p: ConsentPage): string {
  const t = TEXTS[p.lang];
  const list = (items: string[]) => `<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`;
  return page(
    p.lang,
    t.consentTitle,
    `<p>${escapeHtml(t.consentLead(p.client, p.user))}</p>
<p class="muted">${escapeHtml(p.clientId)}</p>
<p>${escapeHtml(t.scopes)}</p>${list(p.scopes.map((s) => `${s}: ${t.scope[s] ?? s}`))}
<p>${escapeHtml(t.entities)}</p>${list(p.entities)}
<p class="muted">${escapeHtml(t.redirect)} ${escapeHtml(p.redirectUri)}</p>
<form method="post" action="${escapeHtml(p.action)}">
<input type="hidden" name="csrf" value="${escapeHtml(p.csrf)}">
<button type="submit" name="action" value="allow" id="allow">${escapeHtml(t.allow)}</button><button type="submit" name="action" value="deny" id="deny">${escapeHtml(t.deny)}</button>
</form>`,
  );
}

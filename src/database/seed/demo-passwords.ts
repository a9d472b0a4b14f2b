/** Demo users' sign-in passwords, as GLPI's own demo has them (documented in the README). */
export const DEMO_PASSWORDS: Readonly<Record<string, string>> = {
  glpi: 'glpi',
  tech: 'tech',
  normal: 'normal',
  'post-only': 'postonly',
  'maria.silva': 'maria.silva',
  'joao.souza': 'joao.souza',
};

/**
 * What the seed stores for each demo login: the scrypt hash of its password above (password-hash.ts),
 * made once and kept here. Deriving six keys at the cost a real password needs took ~0.9 s of a
 * fresh database's start, all of it before the server was ready. These passwords are public (the
 * README lists them), so a hash shared by every demo database gives away nothing they do not. Keep
 * them in step with DEMO_PASSWORDS and the hash's cost: demo-passwords.spec.ts prints the line to
 * paste when one is not.
 */
export const DEMO_PASSWORD_HASHES: Readonly<Record<string, string>> = {
  glpi: 'scrypt$32768$8$1$7caf2fSR0TBy5gCMRsy3dg$qfjrl-ZVis7hxHOehDEPh7a6k2T2MdI40o_dr09CL7I',
  tech: 'scrypt$32768$8$1$aEwEb-mq08mk6Xgu7QQvaQ$KARD98H_CDGmr3L5LgkTEIxKIsJL6F6jwCqJzujh8Bw',
  normal: 'scrypt$32768$8$1$nG7EHzWODyv_Yr1zVDx95Q$5zuPCUTZsuP9UQg60xqmjjnkVB-Yig7Z2_MGBoQB6i8',
  'post-only': 'scrypt$32768$8$1$22xis6gjWgbjv6VFohnmmA$N5YQJjTYTgMjbgQW73ZhhmKErqDpOlvEWo91dmxJcGc',
  'maria.silva': 'scrypt$32768$8$1$t6XiEcc_4yGO5jps1yIETA$U_yyFLmZZTJRPJosRy3i044s5Pnp93YXSvQ-zKbeaV4',
  'joao.souza': 'scrypt$32768$8$1$7-rMYK2W5vdh7sisYeyD1A$OpIaVoN0_ViiWmQPPnmZBNOh9KEPW1Ax826BI7zGTCM',
};

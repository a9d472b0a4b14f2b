import { matchKey } from '../../text/normalize.js';

/**
 * Portuguese (and other common) names of GLPI's built-in reference records. Reference data is data,
 * so these are only suggestions (did_you_mean) when the translated name exists and is visible.
 */
const TRANSLATIONS: Readonly<Record<string, string>> = {
  novo: 'New',
  nova: 'New',
  aberto: 'New',
  'em andamento': 'Processing',
  'em atendimento': 'Processing',
  'em progresso': 'Processing',
  'in progress': 'Processing',
  andamento: 'Processing',
  fechado: 'Closed',
  encerrado: 'Closed',
  concluido: 'Closed',
  finalizado: 'Closed',
  done: 'Closed',
  finished: 'Closed',
  tecnico: 'Technician',
  autoatendimento: 'Self-Service',
  'auto atendimento': 'Self-Service',
  'self service': 'Self-Service',
  administrador: 'Admin',
  'super administrador': 'Super-Admin',
  'super admin': 'Super-Admin',
  superadmin: 'Super-Admin',
  rede: 'Rede',
  network: 'Rede',
  redes: 'Rede',
};

export function translatedName(input: string): string | undefined {
  return TRANSLATIONS[matchKey(input).replace(/-/g, ' ')];
}

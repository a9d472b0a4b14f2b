import type { OtherToolWork } from '../input/fields-of-other-tools.js';

/**
 * Flags a model sends about a user's standing, on a search or a write: a user has no such flag here,
 * its profile or is_active says it. `is_admin` was suggested as is_active, one letter-run away and
 * nothing alike. GLPI's own profile names are named, as a deployment may have renamed them.
 */
export const USER_STANDING_FLAGS: readonly OtherToolWork[] = [
  {
    fields: ['inactive', 'is_inactive', 'disabled', 'is_disabled', 'deactivated', 'inativo', 'inativos', 'desativado', 'desativados'],
    sentence: 'is_active says it: send is_active false (true: the active ones).',
  },
  {
    fields: ['is_admin', 'admin', 'admins', 'administrator', 'administrators', 'is_super_admin', 'superadmin', 'administrador', 'administradores'],
    sentence: "the profile says it: send profiles_id with an admin profile's name (GLPI's: Super-Admin, Admin).",
    whenFlag: true,
  },
  {
    fields: ['is_technician', 'technician', 'technicians', 'is_tech', 'tecnico', 'tecnicos'],
    sentence: "the profile says it: send profiles_id with a technician profile's name (GLPI's: Technician).",
    whenFlag: true,
  },
];

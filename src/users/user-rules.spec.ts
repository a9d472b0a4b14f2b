import { parseRights } from '../auth/principal.loader.js';
import { rightsBeyond } from '../auth/rights.js';
import { updatedUserKeys, userKeys } from '../database/user-keys.js';
import { UpdateUserDto } from './dto/update-user.dto.js';
import { UserFieldsDto } from './dto/user-fields.dto.js';

const SUPER_ADMIN = JSON.stringify({
  project: ['read', 'create', 'update', 'delete'],
  ticket: ['read', 'create', 'update', 'delete'],
  user: ['read', 'create', 'update', 'delete'],
  ticket_scope: 'all',
  admin: true,
});
const TECHNICIAN = JSON.stringify({ project: ['read', 'create', 'update'], ticket: ['read', 'create', 'update'], user: ['read'], ticket_scope: 'all' });

describe('user field rules', () => {
  it("checks the user's own zone and language code", () => {
    const dto = Object.assign(new UpdateUserDto(), { timezone: 'Mars/Olympus', language: 'Portuguese' });
    expect(UserFieldsDto.crossCheck(dto)).toMatchObject([
      { field: 'timezone', code: 'INVALID_VALUE' },
      { field: 'language', code: 'INVALID_VALUE' },
    ]);
    expect(UserFieldsDto.crossCheck(Object.assign(new UpdateUserDto(), { timezone: 'Europe/Lisbon', language: 'pt_BR' }))).toEqual([]);
  });

  it("takes GLPI's language codes and their names, and names the codes a shared name or a misspelling may mean", () => {
    const checked = (language: string) => {
      const dto = Object.assign(new UpdateUserDto(), { language });
      return { issue: UserFieldsDto.crossCheck(dto).find((i) => i.field === 'language'), language: dto.language };
    };
    for (const [sent, code] of [
      ['pt_BR', 'pt_BR'],
      ['PT-br', 'pt_BR'],
      ['Português do Brasil', 'pt_BR'],
      ['brazilian portuguese', 'pt_BR'],
      ['Portuguese (Brazil)', 'pt_BR'],
      ['English', 'en_GB'],
      ['es-419', 'es_419'],
      ['de', 'de_DE'],
      ['Français', 'fr_FR'],
    ]) {
      expect([sent, checked(sent)]).toEqual([sent, { issue: undefined, language: code }]);
    }
    expect(checked('Portuguese').issue?.did_you_mean).toBeUndefined();
    expect(checked('português').issue?.candidates).toEqual([
      { value: 'pt_BR', reading: 'Portuguese (Brazil)' },
      { value: 'pt_PT', reading: 'Portuguese (Portugal)' },
    ]);
    expect(checked('en').issue?.candidates?.map((c) => ('value' in c ? c.value : c.id))).toEqual(['en_GB', 'en_US']);
    expect(checked('Portugese (Brazil)').issue).toMatchObject({ code: 'INVALID_VALUE', did_you_mean: 'pt_BR' });
    for (const unknown of ['Klingon', 'xx_YY', 'pt_XX']) {
      const { issue } = checked(unknown);
      expect(issue).toMatchObject({ code: 'INVALID_VALUE', received: unknown });
      expect(issue?.did_you_mean).toBeUndefined();
      expect(issue?.available).toEqual(expect.arrayContaining(['pt_BR', 'en_GB']));
    }
    expect(checked('pt_XX').issue?.available?.slice(0, 2)).toEqual(['pt_BR', 'pt_PT']);
  });

  it('builds keys without "null" for missing name parts', () => {
    expect(userKeys({ name: ' Zé ', firstname: null, realname: 'Souza', email: null })).toEqual({
      name_key: 'ze',
      email_key: null,
      fullname_key: 'souza',
      name_lookalike: 'ze',
      email_lookalike: null,
    });
  });

  it("writes the email's unique look-alike key with a new email only: a change of other fields leaves a user without one so", () => {
    const stored = { name: 'ana', email: 'Ana@Ex.com', email_lookalike: null };
    expect(updatedUserKeys(stored, { phone: '1' })).not.toHaveProperty('email_lookalike');
    expect(updatedUserKeys(stored, { email: 'ana.lima@ex.com' })).toMatchObject({ email_key: 'ana.lima@ex.com', email_lookalike: expect.any(String) });
    expect(updatedUserKeys(stored, { email: null })).toMatchObject({ email_key: null, email_lookalike: null });
  });

  it('lists the rights a profile would add', () => {
    const admin = {
      project: ['read', 'create', 'update'],
      ticket: ['read', 'create', 'update'],
      user: ['read', 'create', 'update', 'delete'],
      ticket_scope: 'all',
      admin: false,
    } as const;
    const rights = { ...admin, project: [...admin.project], ticket: [...admin.ticket], user: [...admin.user] };
    expect(rightsBeyond(rights, parseRights(TECHNICIAN))).toEqual([]);
    expect(rightsBeyond(rights, parseRights(SUPER_ADMIN))).toEqual(['project:delete', 'ticket:delete', 'admin']);
    expect(rightsBeyond({ ...rights, ticket_scope: 'own' }, parseRights(TECHNICIAN))).toEqual(['ticket:all-tickets']);
  });
});

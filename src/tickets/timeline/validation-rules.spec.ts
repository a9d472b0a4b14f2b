import { APPROVAL } from './timeline-vocabularies.js';
import { globalValidation } from './validation-rules.js';

describe('globalValidation (GLPI, 0 % required)', () => {
  it.each([
    [[], APPROVAL.none],
    [[APPROVAL.waiting], APPROVAL.waiting],
    [[APPROVAL.waiting, APPROVAL.refused], APPROVAL.refused],
    [[APPROVAL.refused, APPROVAL.accepted], APPROVAL.accepted],
    [[APPROVAL.waiting, APPROVAL.accepted], APPROVAL.accepted],
  ])('%p gives %p', (statuses, expected) => {
    expect(globalValidation(statuses)).toBe(expected);
  });
});

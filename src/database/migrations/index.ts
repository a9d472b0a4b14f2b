import { InitialSchema1764460800000 } from './1764460800000-InitialSchema.js';
import { UserLookAlikeKeys1767225600000 } from './1767225600000-UserLookAlikeKeys.js';

export { InitialSchema1764460800000, UserLookAlikeKeys1767225600000 };

export const MIGRATIONS = [InitialSchema1764460800000, UserLookAlikeKeys1767225600000];

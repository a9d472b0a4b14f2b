import { InitialSchema1764460800000 } from './1764460800000-InitialSchema.js';

export { InitialSchema1764460800000 };

export const MIGRATIONS = [InitialSchema1764460800000];

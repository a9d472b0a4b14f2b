import { InitialSchema1764460800000 } from './1764460800000-InitialSchema.js';
import { OtpUserFailures1765100000000 } from './1765100000000-OtpUserFailures.js';
import { AdminRight1765100000001 } from './1765100000001-AdminRight.js';

export { InitialSchema1764460800000, OtpUserFailures1765100000000, AdminRight1765100000001 };

export const MIGRATIONS = [InitialSchema1764460800000, OtpUserFailures1765100000000, AdminRight1765100000001];

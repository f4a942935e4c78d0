import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { findSetting, insertSettingIfMissing } from './settings.repository.ts';

/**
 * JWT_SECRET when set (required in production); otherwise a random secret generated once and
 * kept in the database, so sessions survive restarts and every process signs alike.
 */
export const resolveJwtSecret = async (
  db: Db,
  configured: string | undefined,
  isProduction: boolean,
): Promise<string> => {
  if (configured) return configured;
  if (isProduction)
    throw new Error('JWT_SECRET must be set in production (at least 32 characters).');
  await insertSettingIfMissing(db, 'jwt_secret', randomBytes(48).toString('base64url'));
  const row = await findSetting(db, 'jwt_secret');
  return String(row!.value);
};

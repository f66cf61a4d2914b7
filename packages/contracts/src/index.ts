export * from './app-config.ts';
export * from './common.ts';
export * from './exports.ts';
export * from './onboarding.ts';
export * from './organizations.ts';
export * from './realtime.ts';
export * from './tables.ts';
export * from './team.ts';

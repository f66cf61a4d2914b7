export * from './app-config.ts';
export * from './common.ts';
export * from './organizations.ts';

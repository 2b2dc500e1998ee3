import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { seedDemoWorld } from '../src/db/seed';
import { findPostgresBin, startPostgresCluster } from './postgres-cluster';
import { TEST_VEHICLES } from './test-world';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A server URL whose database `voltline_template` is migrated and seeded; each test file copies it. */
    postgresUrl: string;
  }
}

/** Starts the cluster once, migrates and seeds a template database; test files clone it (CREATE DATABASE TEMPLATE). */
export default async function setup(project: TestProject) {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL 15+ is not installed (no initdb); the postgres project should not have run');
  const cluster = await startPostgresCluster(bin);
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query('CREATE DATABASE voltline_template');
  await admin.end();
  const template = openPostgres(cluster.url.replace(/\/postgres$/, '/voltline_template'));
  await migrate(template);
  await seedDemoWorld(template.db, TEST_VEHICLES);
  await template.close();
  project.provide('postgresUrl', cluster.url);
  return () => cluster.stop();
}

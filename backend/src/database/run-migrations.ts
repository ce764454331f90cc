// `npm run migration:run -w backend` (after `npm run build`): applies the committed migrations to the database at
// DATABASE_URL, as the server does at start, for deployments that migrate in a separate step.
import { runMigrations } from './data-source';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is not set: migration:run needs the database to migrate');
  process.exit(1);
}
runMigrations(url).then(
  () => console.log('Migrations are up to date'),
  (e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  },
);

import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * One owner per table (issue 22 §2, decision 064). Every table belongs to exactly one module,
 * the one whose `*.table.ts` declares it. Only that module's files name the table in SQL;
 * another module asks the owner through a function the owner exports (never its repository),
 * and nothing imports another module's repository or table types. `db/database.ts` composes
 * the table types (type-only), the migrations create every table and the demo seed writes
 * demo history through repositories, as tests do: those are left out.
 */

const SRC = path.resolve(import.meta.dirname, '../src');

/** Table → owning module (a folder of `modules/`, or `db` for the database layer's own). */
export const TABLE_OWNERS: Readonly<Record<string, string>> = {
  users: 'auth',
  sessions: 'auth',
  email_verifications: 'auth',
  password_resets: 'auth',
  checkin_log: 'checkin',
  checkin_lists: 'checkin',
  checkin_list_types: 'checkin',
  checkin_list_entries: 'checkin',
  events: 'events',
  ticket_types: 'events',
  mail_outbox: 'mail',
  message_counters: 'mail',
  media: 'media',
  orders: 'orders',
  order_items: 'orders',
  order_history: 'orders',
  order_transfers: 'orders',
  order_access_tokens: 'orders',
  promo_codes: 'promos',
  payments: 'payments',
  paystack_sandbox: 'paystack-sandbox',
  organiser_settings: 'settings',
  email_changes: 'settings',
  team_members: 'team',
  team_member_events: 'team',
  team_invitations: 'team',
  waiting_rooms: 'waiting-room',
  waiting_room_entries: 'waiting-room',
  waiting_room_passes_used: 'waiting-room',
  waiting_room_address_windows: 'waiting-room',
  app_secrets: 'db',
  waitlist_entries: 'waitlist',
  wallet_passes: 'wallet',
  wallet_registrations: 'wallet',
  api_tokens: 'api-tokens',
  tracking_links: 'tracking',
  event_questions: 'questions',
  order_answers: 'questions',
  tracking_views: 'tracking',
  order_sources: 'tracking',
  webhook_endpoints: 'webhooks',
  attendee_messages: 'messages',
  message_reminder_settings: 'messages',
  message_reminders: 'messages',
  message_unsubscribes: 'messages',
  webhook_deliveries: 'webhooks',
  webhook_attempts: 'webhooks',
};

/** Query-builder calls whose first argument names a table (`'orders as o'`, or a list). */
const TABLE_CALLS = new Set([
  'selectFrom',
  'insertInto',
  'replaceInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
  'using',
  'innerJoin',
  'leftJoin',
  'rightJoin',
  'fullJoin',
  'crossJoin',
  'innerJoinLateral',
  'leftJoinLateral',
  'crossJoinLateral',
]);

/** A table named in SQL text: after FROM, JOIN, INTO, UPDATE or TABLE. */
const SQL_TABLE = /\b(?:from|join|into|update|table)\s+(?:only\s+)?("?)([a-z_][a-z0-9_]*)\1/gi;

const tableOf = (text: string) =>
  text
    .trim()
    .split(/\s+as\s+/i)[0]!
    .trim();

/** The tables a source text names in SQL, and the relative paths it imports. */
export function scanSource(fileName: string, text: string) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const tables = new Set<string>();
  const imports = new Set<string>();
  const fromSqlText = (sqlText: string) => {
    for (const m of sqlText.matchAll(SQL_TABLE)) tables.add(m[2]!.toLowerCase());
  };
  const fromArgument = (arg: ts.Expression | undefined) => {
    if (!arg) return;
    if (ts.isStringLiteralLike(arg)) tables.add(tableOf(arg.text));
    else if (ts.isArrayLiteralExpression(arg)) arg.elements.forEach((e) => fromArgument(e));
  };
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      imports.add(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (callee.kind === ts.SyntaxKind.ImportKeyword) {
        const [arg] = node.arguments;
        if (arg && ts.isStringLiteralLike(arg)) imports.add(arg.text);
      } else if (ts.isPropertyAccessExpression(callee)) {
        const name = callee.name.text;
        const onSql = ts.isIdentifier(callee.expression) && callee.expression.text === 'sql';
        if (TABLE_CALLS.has(name)) fromArgument(node.arguments[0]);
        else if (onSql && (name === 'table' || name === 'id')) fromArgument(node.arguments[0]);
        else if (onSql && name === 'raw') {
          const [arg] = node.arguments;
          if (arg && ts.isStringLiteralLike(arg)) fromSqlText(arg.text);
        }
      }
    } else if (
      ts.isTaggedTemplateExpression(node) &&
      ts.isIdentifier(node.tag) &&
      node.tag.text === 'sql'
    ) {
      const t = node.template;
      fromSqlText(
        ts.isNoSubstitutionTemplateLiteral(t)
          ? t.text
          : [t.head.text, ...t.templateSpans.map((s) => s.literal.text)].join(' '),
      );
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { tables, imports };
}

/** The tables a `*.table.ts` file declares: the keys of its exported `…Tables` interface. */
export function declaredTables(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const names: string[] = [];
  for (const statement of source.statements) {
    if (ts.isInterfaceDeclaration(statement) && statement.name.text.endsWith('Tables')) {
      for (const member of statement.members) {
        if (member.name && (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name))) {
          names.push(member.name.text);
        }
      }
    }
  }
  return names;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** `modules/<name>/…` → `<name>`; `db/…` → `db`; anything else is its own area. */
function areaOf(relative: string): string {
  const parts = relative.split('/');
  if (parts[0] === 'modules') return parts[1]!;
  return parts.length > 1 ? parts[0]! : relative;
}

const isOwnerPrivate = (relative: string) => /\.(repository|table)\.ts$/.test(relative);

/** Every break of the ownership rules in the server's sources, as stable sentences. */
export function ownershipViolations(src: string): string[] {
  const violations: string[] = [];
  const declared = new Map<string, string>();
  for (const file of sourceFiles(src)) {
    const relative = path.relative(src, file).split(path.sep).join('/');
    if (relative.startsWith('db/migrations/')) continue;
    const text = fs.readFileSync(file, 'utf8');
    const area = areaOf(relative);

    for (const table of declaredTables(file, text)) {
      declared.set(table, relative);
      if (TABLE_OWNERS[table] === undefined)
        violations.push(`${relative} declares ${table} (no owner)`);
      else if (TABLE_OWNERS[table] !== area) violations.push(`${relative} declares ${table}`);
    }

    const { tables, imports } = scanSource(file, text);
    for (const table of tables) {
      const owner = TABLE_OWNERS[table];
      if (owner !== undefined && owner !== area) violations.push(`${relative} names ${table}`);
    }
    for (const specifier of imports) {
      if (!specifier.startsWith('.')) continue;
      const target = path
        .relative(src, path.resolve(path.dirname(file), specifier))
        .split(path.sep)
        .join('/');
      if (!target.startsWith('modules/') || !isOwnerPrivate(target)) continue;
      if (areaOf(target) === area) continue;
      // The demo seed writes history no service offers (backdated orders and payments, the
      // sandbox's state), as the tests' factories do: a script beside the app, not a module.
      if (relative === 'seed.ts') continue;
      // The one composition of every table type (type-only: it runs none of their code).
      if (relative === 'db/database.ts' && target.endsWith('.table.ts')) continue;
      violations.push(`${relative} imports ${target}`);
    }
  }
  for (const table of Object.keys(TABLE_OWNERS)) {
    if (!declared.has(table)) violations.push(`${table} has an owner but no declaration`);
  }
  return violations.sort();
}

describe('one owner per table (decision 064)', () => {
  it('finds table names in builder calls, joins and SQL text, and the imports', () => {
    const { tables, imports } = scanSource(
      'x.ts',
      `import * as r from '../orders/orders.repository.ts';
       export type { T } from '../events/events.table.ts';
       const a = db.selectFrom('events as e').innerJoin('users as u', 'u.id', 'e.owner_id');
       const b = trx.updateTable('payments').set({});
       const c = sql<number>\`(select count(*) from checkin_log c join media m on true where x = \${1})\`;
       const d = eb.selectFrom(['promo_codes', 'orders as o']);
       const e = sql\`insert into "mail_outbox" values (1)\`;
       const f = sql.table('wallet_passes');
       const g = await import('../team/team.repository.ts');`,
    );
    expect([...tables].sort()).toEqual(
      [
        'checkin_log',
        'events',
        'mail_outbox',
        'media',
        'orders',
        'payments',
        'promo_codes',
        'users',
        'wallet_passes',
      ].sort(),
    );
    expect([...imports].sort()).toEqual([
      '../events/events.table.ts',
      '../orders/orders.repository.ts',
      '../team/team.repository.ts',
    ]);
  });

  it('reads the tables each *.table.ts declares', () => {
    const text = fs.readFileSync(path.join(SRC, 'modules/team/team.table.ts'), 'utf8');
    expect(declaredTables('team.table.ts', text).sort()).toEqual([
      'team_invitations',
      'team_member_events',
      'team_members',
    ]);
  });

  it('every table has one owner; no module names another one’s table or imports its repository or table types', () => {
    expect(ownershipViolations(SRC)).toEqual([]);
  });
});

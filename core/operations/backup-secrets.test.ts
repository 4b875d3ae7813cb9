/**
 * Backups keep secrets the owner's only: `cms-token` and `admin.json` are
 * 0600 inside the `cms backup` archive (and the archive itself is 0600: it
 * holds them), and `cms restore` writes them back 0600, also from an
 * archive made before modes were kept. Other files stay 0644. And what `cms restore` refuses.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { backupDataFolder, restoreBackup } from './backup';
import { createTarWriter } from './tar';

const root = mkdtempSync(path.join(os.tmpdir(), 'backup-secrets-'));
after(() => rmSync(root, { recursive: true, force: true }));
const mode = (file: string) => statSync(file).mode & 0o777;

describe('backups keep secrets 0600', () => {
  it('cms-token and admin.json are 0600 in the archive and after restore; a stored file stays 0644; the archive is 0600', async () => {
    const data = path.join(root, 'data');
    mkdirSync(path.join(data, 'objects', 'documents'), { recursive: true });
    writeFileSync(path.join(data, 'db.json'), JSON.stringify({ version: 1, nextId: 1 }));
    writeFileSync(path.join(data, 'cms-token'), 'secret-token\n', { mode: 0o600 });
    writeFileSync(path.join(data, 'admin.json'), '{"passwordHash":"x"}', { mode: 0o600 });
    writeFileSync(path.join(data, 'objects', 'documents', 'manual.pdf'), '%PDF-1.4');
    chmodSync(path.join(data, 'objects', 'documents', 'manual.pdf'), 0o644);
    const file = path.join(root, 'backup.tar.gz');
    await backupDataFolder({ dataDir: data, file });
    assert.equal(mode(file).toString(8), '600');
    const listing = execFileSync('tar', ['-tvzf', file], { encoding: 'utf8' });
    const perms = Object.fromEntries(listing.trim().split('\n').map((l) => [l.split(/\s+/).pop()!, l.split(/\s+/)[0]]));
    assert.equal(perms['cms-token'], '-rw-------');
    assert.equal(perms['admin.json'], '-rw-------');
    assert.equal(perms['objects/documents/manual.pdf'], '-rw-r--r--');

    const restored = path.join(root, 'restored');
    await restoreBackup({ file, dataDir: restored });
    assert.equal(mode(path.join(restored, 'cms-token')).toString(8), '600');
    assert.equal(mode(path.join(restored, 'admin.json')).toString(8), '600');
    assert.equal(mode(path.join(restored, 'objects', 'documents', 'manual.pdf')).toString(8), '644');
  });

  it('an archive that stored the credentials 0644 (made by an older version) restores them 0600', async () => {
    const file = path.join(root, 'old.tar.gz');
    const tar = createTarWriter(file);
    await tar.addBuffer('db.json', Buffer.from(JSON.stringify({ version: 1, nextId: 1 })));
    await tar.addBuffer('cms-token', Buffer.from('secret-token\n'), 0o644);
    await tar.addBuffer('admin.json', Buffer.from('{}'), 0o644);
    await tar.finish();
    assert.match(execFileSync('tar', ['-tvzf', file], { encoding: 'utf8' }), /-rw-r--r-- .* cms-token/);
    const restored = path.join(root, 'restored-old');
    await restoreBackup({ file, dataDir: restored });
    assert.equal(mode(path.join(restored, 'cms-token')).toString(8), '600');
    assert.equal(mode(path.join(restored, 'admin.json')).toString(8), '600');
  });
});

describe('cms restore refuses', () => {
  it('refuses to restore into a folder that is not empty, and a file that is not a backup', async () => {
    const dir = path.join(root, 'restore-full');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'db.json'), '{}');
    await assert.rejects(restoreBackup({ file: path.join(dir, 'db.json'), dataDir: dir }), /is not empty/);
    const empty = path.join(dir, 'new');
    await assert.rejects(restoreBackup({ file: path.join(dir, 'db.json'), dataDir: empty }), /not a readable backup/);
  });
});

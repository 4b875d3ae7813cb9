import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { fixtures } from '../../core/testing/fixtures';
import { adminApi, animationsDone, newPage, screenshot, signInFast, startHarness, toast, uploadDocumentViaApi, type Harness, type Lang } from './support';

const SECTIONS: Array<[string, string]> = [
  ['dashboard', '/dashboard'],
  ['documents', '/dashboard#documents'],
  ['documents-table', '/dashboard#documents'],
  ['presentations', '/dashboard#presentations'],
  ['presentation-images', '/presentation-images'],
  ['presentation-translations', '/dashboard#presentation-translations'],
  ['videos', '/videos'],
  ['broadcast', '/dashboard#broadcast'],
  ['podcast', '/dashboard#podcast'],
  ['learning-resources', '/dashboard#learning-resources'],
  ['video-translations', '/dashboard#video-translations'],
  ['bot-images', '/dashboard#bot-images'],
  ['categories', '/dashboard#categories'],
  ['chatbot-responses', '/dashboard#chatbot-responses'],
  ['file-manager', '/dashboard#file-manager'],
];

const DIALOG_LABELS = {
  en: { uploadContent: 'Upload Content', deleteAll: 'Delete ALL Data', addCategory: 'Add Category', addVideo: 'Add New Video' },
  he: { uploadContent: 'העלאת תוכן', deleteAll: 'מחיקת כל הנתונים', addCategory: 'הוספת קטגוריה', addVideo: 'הוספת סרטון חדש' },
} as const;

describe('admin console content flows (browser)', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.close();
  });

  test('an image uploaded as other content becomes an ungrouped support image', async () => {
    const png = await fixtures.png();
    const { context, page } = await newPage(h);
    await signInFast(h, context);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /Upload Content/ }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByLabel('Content type').selectOption('other');
    await page.getByRole('dialog', { name: 'Upload Content' }).waitFor();
    await dialog.getByLabel('File').setInputFiles(png.path);
    await dialog.getByLabel('Title').fill('KNX wiring diagram');
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await toast(page).getByText('Content uploaded successfully').waitFor();
    await page.goto('/dashboard#bot-images');
    await page.getByRole('heading', { name: /Ungrouped Images/ }).waitFor();
    await page.getByText('KNX wiring diagram').first().waitFor();
    await context.close();
  });

  test('a PDF uploaded through the dialog reaches "completed", can be renamed, shows in every screen, and is deleted after confirmation', async () => {
    const pdf = await fixtures.pdf();
    const { context, page } = await newPage(h);
    await signInFast(h, context);
    await page.goto('/dashboard#documents');
    await page.getByText('No documents found').waitFor();
    await page.getByRole('button', { name: 'Upload Document' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Upload Document' });
    await dialog.waitFor();
    // submit without a file: validation toast
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await toast(page).getByText('Please select a file').waitFor();
    await dialog.getByLabel('File').setInputFiles(pdf.path);
    await dialog.getByLabel('Title').fill('Installation guide PDF');
    // translation on without a language: validation toast; hebrew is not offered for documents
    await dialog.getByLabel('Translate this content').check();
    const options = await dialog.getByLabel('Target language').locator('option').allTextContents();
    assert.ok(options.includes('French') && !options.includes('Hebrew'), options.join(','));
    assert.equal(options.length, 17, 'placeholder + 16 languages');
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await toast(page).getByText('Please select a target language for translation').waitFor();
    await dialog.getByLabel('Translate this content').uncheck();
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await toast(page).getByText('Content uploaded successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const card = page.getByTestId('document-card').first();
    await card.getByTestId('document-title').filter({ hasText: 'Installation guide PDF' }).waitFor();
    // lists poll every 2 s: the badge moves to completed by itself
    await card.locator('[data-testid="status-badge"][data-status="completed"]').waitFor({ timeout: 90_000 });

    // edit the title; Save is disabled while it is blank
    await card.getByRole('button', { name: 'Edit Installation guide PDF' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit document' });
    await edit.getByLabel('Title').fill('   ');
    assert.equal(await edit.getByRole('button', { name: 'Save' }).isDisabled(), true);
    await edit.getByLabel('Title').fill('AuraShade installation guide');
    await edit.getByRole('button', { name: 'Save' }).click();
    await toast(page).getByText('Document updated').waitFor();
    await card.getByTestId('document-title').filter({ hasText: 'AuraShade installation guide' }).waitFor();

    // every screen, English and Hebrew, while there is data
    for (const lang of ['en', 'he'] as Lang[]) {
      await page.evaluate((l) => localStorage.setItem('i18nextLng', l), lang);
      await page.reload();
      for (const [name, url] of SECTIONS) {
        await page.goto('about:blank');
        await page.goto(url);
        await page.locator('main h1').first().waitFor();
        if (name === 'documents-table') {
          await page.getByRole('button', { name: lang === 'en' ? 'Table view' : 'תצוגת טבלה' }).click();
          await page.getByTestId('content-list').waitFor();
          if (lang === 'en') await page.getByText('Showing 1 to 1 of 1 results').waitFor();
        }
        if (name === 'bot-images') await page.getByTestId('image-tile').first().waitFor();
        if (name === 'file-manager') await page.getByTestId('files-table').waitFor();
        await animationsDone(page);
        await screenshot(page, lang, `admin-${name}`);
      }
      // the dialogs of this language
      const L = DIALOG_LABELS[lang];
      const dialogs: Array<[string, string, string]> = [
        ['/dashboard', L.uploadContent, 'dialog-upload'],
        ['/dashboard', L.deleteAll, 'dialog-delete-all'],
        ['/dashboard#categories', L.addCategory, 'dialog-category'],
        ['/videos', L.addVideo, 'dialog-video'],
      ];
      for (const [url, button, name] of dialogs) {
        await page.goto('about:blank');
        await page.goto(url);
        await page.getByRole('button', { name: button }).first().click();
        await page.locator('[role="dialog"], [role="alertdialog"]').first().waitFor();
        await animationsDone(page);
        await screenshot(page, lang, name);
        await page.keyboard.press('Escape');
        await page.locator('[role="dialog"], [role="alertdialog"]').first().waitFor({ state: 'detached' });
      }
    }
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));

    // delete with the browser confirmation
    await page.goto('/dashboard#documents');
    const card2 = page.getByTestId('document-card').first();
    page.once('dialog', (d) => void d.accept());
    await card2.getByRole('button', { name: 'Delete AuraShade installation guide' }).click();
    await toast(page).getByText('Document deleted').waitFor();
    await page.getByText('No documents found').waitFor();
    await context.close();
  });

  test('categories: add, validation toast, edit and delete', async () => {
    const { context, page } = await newPage(h);
    await signInFast(h, context);
    await page.goto('/dashboard#categories');
    await page.getByText('No categories found').waitFor();
    await page.getByRole('button', { name: 'Add Category' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add category' });
    await dialog.getByLabel('Category Name').fill('   ');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await toast(page).getByText('Category name is required').waitFor();
    assert.match((await toast(page).textContent()) ?? '', /Validation Error/);
    await dialog.getByLabel('Category Name').fill('  Motorised blinds  ');
    await dialog.getByLabel('Description').fill('Roller and venetian blinds');
    await screenshot(page, 'en', 'dialog-category-filled');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await toast(page).getByText('Category created successfully').waitFor();
    const table = page.getByTestId('categories-table');
    await table.getByRole('cell', { name: 'Motorised blinds', exact: true }).waitFor();
    await table.getByText('Active', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Edit Motorised blinds' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit category' });
    await edit.getByLabel('Category Name').fill('Smart curtains');
    await edit.getByRole('switch', { name: 'Active' }).uncheck();
    await edit.getByRole('button', { name: 'Save' }).click();
    await toast(page).getByText('Category updated successfully').waitFor();
    await table.getByRole('cell', { name: 'Smart curtains', exact: true }).waitFor();
    await table.getByText('Inactive', { exact: true }).waitFor();

    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Delete Smart curtains' }).click();
    await toast(page).getByText('Category deleted successfully').waitFor();
    await page.getByText('No categories found').waitFor();
    const cats = await adminApi<unknown[]>(h, '/api/categories');
    assert.equal(cats.length, 0);
    await context.close();
  });

  test('file manager lists stored objects and deletes one after the dialog confirmation', async () => {
    const docx = await fixtures.docx();
    const doc = await uploadDocumentViaApi(h, docx.path, docx.fileName, 'Guide for storage test');
    assert.equal(doc.status, 'completed');
    const { context, page } = await newPage(h);
    await signInFast(h, context);
    await page.goto('/dashboard#file-manager');
    const table = page.getByTestId('files-table');
    await table.waitFor();
    const original = table.locator('tr[data-key^="documents/"]').first();
    const key = await original.getAttribute('data-key');
    assert.ok(key && key.endsWith('.docx'), `original upload listed: ${key}`);
    // search and folder filter
    await page.getByLabel('Search files').fill('.docx');
    assert.equal(await table.locator('tbody tr').count(), 1);
    await page.getByLabel('Search files').fill('');
    await page.getByRole('group', { name: 'Filter by folder' }).getByRole('button', { name: /^images/ }).click();
    assert.ok((await table.locator('tbody tr').count()) >= 1);
    for (const k of await table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-key')))) assert.match(String(k), /^images\//);
    await page.getByRole('group', { name: 'Filter by folder' }).getByRole('button', { name: /^All/ }).click();

    await page.getByRole('button', { name: `Delete ${key}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete file?' });
    await confirm.waitFor();
    await screenshot(page, 'en', 'dialog-delete-file');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page).getByText('File deleted successfully').waitFor();
    await table.locator(`tr[data-key="${key}"]`).waitFor({ state: 'detached' });
    const files = await adminApi<Array<{ key: string }>>(h, '/api/object-storage/files');
    assert.ok(!files.some((f) => f.key === key));
    await context.close();
  });

  test('the video dialog refuses a non-video file with "Invalid File Type" and asks for a file when none is chosen', async () => {
    const pdf = await fixtures.pdf();
    const { context, page } = await newPage(h);
    await signInFast(h, context);
    await page.goto('/videos');
    await page.getByRole('button', { name: 'Add New Video' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add New Video' });
    await dialog.getByTestId('video-guidance').getByText('under 1 minute').waitFor();
    await dialog.getByLabel('Video file').setInputFiles(pdf.path);
    await toast(page).getByText('Invalid File Type').waitFor();
    assert.match((await toast(page).textContent()) ?? '', /Please select a video file\./);
    await dialog.getByRole('button', { name: 'Upload Video' }).click();
    await toast(page).getByText('Missing File').waitFor();
    await screenshot(page, 'en', 'dialog-video-missing-file');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });
});

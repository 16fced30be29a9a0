import { describe, expect, it } from 'vitest';
import {
  THUMBNAIL_TEMPLATES,
  THUMBNAIL_TEMPLATE_CODES,
  safeImageUrl,
  thumbnailTemplate,
  thumbnailView,
} from '../../src/domain/document-thumbnail';

describe('§9 eleven document-thumbnail template codes', () => {
  it('there are 11, all different', () => {
    expect(THUMBNAIL_TEMPLATE_CODES).toHaveLength(11);
    expect(new Set(THUMBNAIL_TEMPLATE_CODES).size).toBe(11);
  });

  it('the skins the seeded documents use are among them', () => {
    for (const code of ['SRZ1', 'SRZ2', 'SRZ3', 'SRZ4', 'SRZ5', 'LTR1'])
      expect(THUMBNAIL_TEMPLATE_CODES).toContain(code);
  });

  it('letter skins draw as letters, resume skins as resumes', () => {
    for (const t of THUMBNAIL_TEMPLATES) expect(t.layout === 'letter').toBe(t.docType === 'LETR');
    for (const t of THUMBNAIL_TEMPLATES) expect(t.accent).toMatch(/^#[0-9a-f]{6}$/);
  });

  it.each([
    ['SRZ1', 'SRZ1'],
    ['srz3', 'SRZ3'],
    [' LTR2 ', 'LTR2'],
    ['SRZ9', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('skin %j → template %j', (skin, code) => {
    expect(thumbnailTemplate(skin)?.code ?? null).toBe(code);
  });
});

describe('what the thumbnail shows', () => {
  const doc = { name: 'Nora Newman Resume', skinCd: 'SRZ1', docTypeCd: 'RSME', jobTitle: 'Project Manager' };

  it('no document: the placeholder', () => {
    expect(thumbnailView(null)).toEqual({ kind: 'placeholder' });
    expect(thumbnailView(undefined)).toEqual({ kind: 'placeholder' });
  });

  it('a document on a known template: its drawing, named', () => {
    expect(thumbnailView(doc)).toEqual({
      kind: 'template',
      template: THUMBNAIL_TEMPLATES[0],
      name: 'Nora Newman Resume',
      jobTitle: 'Project Manager',
      docType: 'RSME',
    });
  });

  it('a document on an unknown template: the placeholder', () => {
    expect(thumbnailView({ ...doc, skinCd: 'XYZ9' })).toEqual({ kind: 'placeholder' });
  });

  it('a preview image wins over the drawing, even for an unknown template', () => {
    expect(thumbnailView({ ...doc, skinCd: 'XYZ9', imageUrl: '/api/documents/preview.png' })).toEqual({
      kind: 'image',
      src: '/api/documents/preview.png',
      name: 'Nora Newman Resume',
      docType: 'RSME',
    });
  });

  it('an unsafe image address falls back to the drawing', () => {
    expect(thumbnailView({ ...doc, imageUrl: 'javascript:alert(1)' }).kind).toBe('template');
  });

  it.each([
    [{ ...doc, name: '   ' }, null],
    [{ ...doc, name: ' CV 2025 ' }, 'CV 2025'],
  ])('a blank name is no name: %j', (document, name) => {
    expect(thumbnailView(document)).toMatchObject({ name });
  });

  it.each([
    [{ docTypeCd: 'LETR', skinCd: 'LTR1' }, 'LETR'],
    [{ docTypeCd: 'letr', skinCd: 'SRZ1' }, 'LETR'],
    [{ docTypeCd: null, skinCd: 'LTR2' }, 'LETR'],
    [{ docTypeCd: null, skinCd: 'SRZ2' }, 'RSME'],
    [{ docTypeCd: 'RSME', skinCd: 'LTR2' }, 'RSME'],
  ])('%j is a %s', (over, docType) => {
    expect(thumbnailView({ ...doc, ...over })).toMatchObject({ docType });
  });
});

describe('preview image addresses', () => {
  it.each([
    ['https://cdn.example.com/p.png', true],
    ['http://localhost:8080/p.svg', true],
    ['/api/documents/x/preview', true],
    ['blob:https://app.example/123', true],
    ['data:image/png;base64,iVBOR', true],
    ['data:image/svg+xml,%3Csvg%3E', true],
    ['//evil.example.com/p.png', false],
    ['/\\evil.example.com', false],
    ['javascript:alert(1)', false],
    ['data:text/html,<script>', false],
    ['preview.png', false],
    ['', false],
    [null, false],
  ])('%j is safe: %s', (url, ok) => {
    expect(safeImageUrl(url) !== null).toBe(ok);
  });
});

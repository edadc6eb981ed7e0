// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { takeOverPrerendered } from './take-over';

const form = `<main><h1>Create your free account</h1><form>
  <input id="username" value=""><select id="gender"><option value="">Choose</option><option value="female">A woman</option><option value="male">A man</option></select>
  <input id="adult" type="checkbox"></form></main>`;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('takeOverPrerendered', () => {
  it('carries what the visitor typed and chose into the shell’s page, as events React hears', async () => {
    document.body.innerHTML = `<div id="root" data-prerendered="">${form}</div>`;
    const prerendered = document.getElementById('root') as HTMLElement;
    (prerendered.querySelector('#username') as HTMLInputElement).value = 'sam_k';
    (prerendered.querySelector('#gender') as HTMLSelectElement).value = 'male';
    (prerendered.querySelector('#adult') as HTMLInputElement).checked = true;

    const root = takeOverPrerendered(prerendered);
    const heard: string[] = [];
    root.addEventListener('input', (event) => heard.push(`input ${(event.target as Element).id}`));
    root.addEventListener('change', (event) => heard.push(`change ${(event.target as Element).id}`));
    root.innerHTML = form;
    await new Promise((resolve) => setTimeout(resolve, 0));

    expect(document.getElementById('root')).toBe(root);
    expect((root.querySelector('#username') as HTMLInputElement).value).toBe('sam_k');
    expect((root.querySelector('#gender') as HTMLSelectElement).value).toBe('male');
    expect((root.querySelector('#adult') as HTMLInputElement).checked).toBe(true);
    expect(heard).toContain('input username');
    expect(heard).toContain('change gender');
  });

  it('leaves a select the visitor did not touch as the shell draws it', async () => {
    document.body.innerHTML = `<div id="root" data-prerendered="">${form}</div>`;
    const root = takeOverPrerendered(document.getElementById('root') as HTMLElement);
    const heard: string[] = [];
    root.addEventListener('change', (event) => heard.push((event.target as Element).id));
    root.innerHTML = form;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.getElementById('root')).toBe(root);
    expect(heard).toEqual([]);
  });
});

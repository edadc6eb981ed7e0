// @vitest-environment happy-dom
import { act, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { takeOverPrerendered } from './take-over';

const form = `<main><h1>Create your free account</h1><form>
  <input id="username" value=""><select id="gender"><option value="">Choose</option><option value="female">A woman</option><option value="male">A man</option></select>
  <input id="adult" type="checkbox"></form></main>`;

/** Runs `run` during its first render: after the router above it read the address, before it listens. */
function WhileRendering({ run }: { run: () => void }) {
  useState(run);
  return null;
}

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

  it('takes a link followed before the swap to the page the router draws, whenever the router started', async () => {
    for (const routerStarts of ['before the click', 'while the click happens', 'after the click']) {
      window.history.replaceState(null, '', '/blog');
      document.body.innerHTML = `<div id="root" data-prerendered=""><main><h1>Blog</h1>
        <a href="/blog/first-messages">First messages</a></main></div>`;
      const prerendered = document.getElementById('root') as HTMLElement;
      const root = takeOverPrerendered(prerendered);
      const click = () => (prerendered.querySelector('a') as HTMLAnchorElement).click();
      const start = () =>
        act(() =>
          createRoot(root).render(
            <BrowserRouter>
              <WhileRendering run={() => routerStarts === 'while the click happens' && click()} />
              <Routes>
                {/* The blog's remote is still loading: the prerendered copy stays on screen. */}
                <Route path="/blog" element={<main className="ukd-page-loading" />} />
                <Route
                  path="/blog/first-messages"
                  element={
                    <main>
                      <h1>First messages</h1>
                    </main>
                  }
                />
              </Routes>
            </BrowserRouter>,
          ),
        );
      if (routerStarts !== 'after the click') await start();
      if (routerStarts === 'before the click') await act(async () => click());
      if (routerStarts === 'after the click') {
        await act(async () => click());
        await start();
      }
      await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
      expect(window.location.pathname, routerStarts).toBe('/blog/first-messages');
      expect(document.getElementById('root'), routerStarts).toBe(root);
      expect(root.querySelector('h1')?.textContent, routerStarts).toBe('First messages');
    }
  });
});

// @vitest-environment happy-dom
import { act, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AddressCatchUp } from './address-catch-up';

/** Moves the address while the router's first render is under way, as a link or the shell may. */
function NavigateWhileRendering() {
  useState(() => window.history.pushState(null, '', '/blog/first-messages'));
  return null;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('AddressCatchUp', () => {
  for (const withCatchUp of [true, false]) {
    it(`${withCatchUp ? 'brings' : 'without it, does not bring'} a router to an address that changed before it listened`, async () => {
      window.history.replaceState(null, '', '/blog');
      const container = document.createElement('div');
      document.body.append(container);
      const root = createRoot(container);
      await act(async () =>
        root.render(
          <BrowserRouter>
            {withCatchUp ? <AddressCatchUp /> : null}
            <NavigateWhileRendering />
            <Routes>
              <Route path="/blog" element={<h1>Blog</h1>} />
              <Route path="/blog/first-messages" element={<h1>First messages</h1>} />
            </Routes>
          </BrowserRouter>,
        ),
      );
      await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
      expect(container.querySelector('h1')?.textContent).toBe(withCatchUp ? 'First messages' : 'Blog');
      await act(async () => root.unmount());
    });
  }
});

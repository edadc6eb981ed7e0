// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Avatar, defaultAvatarUrl, memberPictureAlt } from './avatar';
import { Badge } from './badge';
import { EmptyState } from './empty-state';
import { Modal } from './modal';
import { Tabs, tabPanelProps } from './tabs';
import { TextAreaField } from './text-area-field';

afterEach(cleanup);

describe('Avatar', () => {
  it('shows the photo, and the gender default when there is none or it fails to load', () => {
    const { rerender } = render(<Avatar src="/p/1.jpg" gender="female" alt="sam" />);
    const img = screen.getByRole('img', { name: 'sam' });
    expect(img.getAttribute('src')).toBe('/p/1.jpg');
    fireEvent.error(img);
    expect(screen.getByRole('img', { name: 'sam' }).getAttribute('src')).toBe(defaultAvatarUrl('female'));

    rerender(<Avatar src={null} gender="male" alt="demo" />);
    expect(screen.getByRole('img', { name: 'demo' }).getAttribute('src')).toBe(
      '/api/avatars/default-male.svg',
    );
  });

  it('names a generated portrait as one, so nobody mistakes it for the member', () => {
    expect(memberPictureAlt('sam', 'http://x/api/avatars/female-07.svg')).toBe(
      'sam has no photo yet (illustrated avatar)',
    );
    expect(memberPictureAlt('sam', 'http://x/api/photos/ab12.jpg')).toBe('Photo of sam');
    expect(memberPictureAlt('sam', null)).toBe('sam has no photo yet (illustrated avatar)');
  });
});

describe('Badge', () => {
  it('shows a count with words for screen readers, caps it, and hides at zero', () => {
    const { container, rerender } = render(<Badge count={3} label="new visitors" />);
    expect(container.textContent).toBe('33 new visitors');
    rerender(<Badge count={150} label="new visitors" />);
    expect(container.textContent).toContain('99+');
    rerender(<Badge count={0} label="new visitors" />);
    expect(container.textContent).toBe('');
  });
});

describe('EmptyState', () => {
  it('says what is empty and offers the next step', () => {
    render(
      <EmptyState title="No one matches" action={<button type="button">Clear filters</button>}>
        Try a wider age range.
      </EmptyState>,
    );
    const heading = screen.getByRole('heading', { level: 2 });
    expect(heading.textContent).toBe('No one matches');
    // The explanation and then the next step follow the title, in reading order.
    const box = heading.parentElement as HTMLElement;
    expect(box.textContent).toBe('No one matchesTry a wider age range.Clear filters');
    expect(box.lastElementChild).toBe(screen.getByRole('button', { name: 'Clear filters' }));
  });

  it('shows its picture at a fixed size, hidden from screen readers', () => {
    const { container } = render(<EmptyState title="No messages yet" art="messages" />);
    const art = container.querySelector('svg');
    expect(art?.getAttribute('aria-hidden')).toBe('true');
    expect([art?.getAttribute('width'), art?.getAttribute('height')]).toEqual(['112', '112']);
    expect(art?.nextElementSibling).toBe(screen.getByRole('heading', { name: 'No messages yet' }));
    expect(container.querySelector('[data-empty-state="messages"]')).not.toBeNull();
  });
});

function Harness() {
  const [selected, setSelected] = useState('mine');
  return (
    <>
      <Tabs
        label="Favourites"
        idPrefix="fav"
        items={[
          { id: 'mine', label: 'My favourites' },
          { id: 'received', label: 'Favourited me' },
        ]}
        selected={selected}
        onSelect={setSelected}
      />
      <div {...tabPanelProps('fav', selected)}>{selected}</div>
    </>
  );
}

describe('Tabs', () => {
  it('selects on click and with the arrow keys, one tab in the tab order', () => {
    render(<Harness />);
    const [mine, received] = screen.getAllByRole('tab');
    expect(mine?.getAttribute('aria-selected')).toBe('true');
    expect(received?.getAttribute('tabindex')).toBe('-1');
    fireEvent.click(received as HTMLElement);
    expect(screen.getByRole('tabpanel').textContent).toBe('received');
    fireEvent.keyDown(screen.getByRole('tablist'), { key: 'ArrowRight' });
    expect(screen.getByRole('tabpanel').textContent).toBe('mine');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe('fav-tab-mine');
  });
});

describe('Modal', () => {
  it('shows its title and content only while open, and closes from its close button', () => {
    const onClose = vi.fn();
    const { rerender } = render(
      <Modal open={false} title="Block sam?" onClose={onClose}>
        <p>They will not see you.</p>
      </Modal>,
    );
    expect(screen.queryByText('They will not see you.')).toBeNull();
    rerender(
      <Modal open title="Block sam?" onClose={onClose}>
        <p>They will not see you.</p>
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Block sam?' });
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(dialog.textContent).toContain('They will not see you.');
    fireEvent.click(screen.getByRole('button', { name: 'Close', hidden: true }));
    expect(onClose).toHaveBeenCalled();
  });
});

describe('TextAreaField', () => {
  it('labels the text area and shows its error', () => {
    render(<TextAreaField id="about" label="About me" error="The about field is required" />);
    expect(screen.getByLabelText('About me').tagName).toBe('TEXTAREA');
    expect(screen.getByRole('alert').textContent).toBe('The about field is required');
  });
});

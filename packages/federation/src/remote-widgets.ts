import { type SlotName, slotNames, type WidgetLoader } from '@ukd/contracts';

/** What a remote's `src/widgets.ts` exports: the widget it offers for each slot it fills. */
export type RemoteWidgets = Partial<Record<SlotName, WidgetLoader>>;

/**
 * The slot names for the site manifest, from a remote's widgets: sorted so a redeploy writes
 * the same entry, and `undefined` for none, so a remote without widgets gets no `slots`. An
 * unknown name fails the deploy rather than reaching a shell that has no such slot.
 */
export function widgetSlots(
  remote: string,
  widgets: Record<string, unknown> | undefined,
): SlotName[] | undefined {
  const names = Object.keys(widgets ?? {});
  for (const name of names) {
    if (!(slotNames as readonly string[]).includes(name)) {
      throw new Error(
        `${remote} widget ${JSON.stringify(name)}: unknown slot (known: ${slotNames.join(', ')})`,
      );
    }
    if (typeof widgets?.[name] !== 'function') {
      throw new Error(`${remote} widget ${JSON.stringify(name)}: expected a loader, () => import(...)`);
    }
  }
  return names.length ? (names as SlotName[]).sort() : undefined;
}

import type { EventBus, EventHandler, EventMap, EventName } from '@ukd/contracts';

/**
 * The page's one event bus. A throwing handler is reported and skipped, so one remote's bug
 * cannot stop another remote from hearing an event.
 */
export function createEventBus(onHandlerError: (error: unknown) => void = console.error): EventBus {
  const handlers = new Map<EventName, Set<EventHandler<EventName>>>();
  return {
    on(event, handler) {
      let set = handlers.get(event);
      if (!set) {
        set = new Set();
        handlers.set(event, set);
      }
      set.add(handler as EventHandler<EventName>);
      return () => set.delete(handler as EventHandler<EventName>);
    },
    emit<K extends EventName>(event: K, payload: EventMap[K]) {
      for (const handler of [...(handlers.get(event) ?? [])]) {
        try {
          (handler as EventHandler<K>)(payload);
        } catch (error) {
          onHandlerError(error);
        }
      }
    },
  };
}

import { usStates } from '../../common/us-states';

/** The state picker's choices: "FL — Florida", in the shared list's order. */
export const stateOptions = usStates.map(([code, name]) => ({ value: code, label: `${code} — ${name}` }));

/**
 * The choices plus a stored value that is no code of the list (typed before the picker), so it
 * still shows and is not silently replaced; saving a choice replaces it with a code.
 */
export function stateOptionsWith(current: string | null | undefined) {
  if (!current || stateOptions.some((option) => option.value === current)) return stateOptions;
  return [{ value: current, label: current }, ...stateOptions];
}

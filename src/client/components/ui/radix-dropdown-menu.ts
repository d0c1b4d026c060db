/** Radix's drop-down menu: loaded on the first press of a menu's trigger (dropdown-menu.tsx). */
export { DropdownMenu as RadixDropdownMenu } from 'radix-ui';

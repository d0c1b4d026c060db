import { twMerge } from 'tailwind-merge';
import { installClassMerger } from '../lib/cn';

// A module of its own, imported first by full-app.tsx, so classes computed when the app's modules
// load are merged too. Screens pass classes that override a component's own (see lib/cn.ts).
installClassMerger(twMerge);

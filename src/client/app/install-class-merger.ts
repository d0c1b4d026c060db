import { installClassMerger } from '../lib/cn';
import { mergeClasses } from '../lib/merge-classes';

// A module of its own, imported first by full-app.tsx, so classes computed when the app's modules
// load are merged too. Screens pass classes that override a component's own (see lib/cn.ts).
installClassMerger(mergeClasses);

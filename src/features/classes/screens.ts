/*
 * The class screens as the router shows them (src/app/routeModules.ts):
 * one chunk, loaded with the first class route.
 */
export { ClassesPage } from './teacher/ClassesPage';
export { ClassPage } from './teacher/ClassPage';
export { AssignmentPage } from './student/AssignmentPage';
export { JoinPage } from './student/JoinPage';

/* What loadProjectFile brings, in one load: a project's file, and the file of every project. */
export * from './projectFile';
export * from './allProjectsFile';

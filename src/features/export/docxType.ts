/** The media type of a Word file, for downloads and the project export. */
export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

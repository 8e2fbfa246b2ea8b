"""What people read: message keys and their catalogues (`i18n`), values shown as Python writes them
(`display`), a student's text made safe for a terminal (`terminal`)."""

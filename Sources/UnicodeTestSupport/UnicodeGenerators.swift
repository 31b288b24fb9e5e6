public enum UnicodeGenerators {}

/// PLACEHOLDER
public enum NormalizeModule {}
